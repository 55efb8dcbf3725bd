// `npm run build`: builds what is missing or older than its sources, the page (Vite) and the
// service (esbuild, apps/server/scripts/build.mjs); with nothing changed, it builds nothing and
// takes milliseconds. `npm start` runs it first (scripts/start.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesUnder, isFresh, recordBuild, ROOT } from './build-freshness.mjs';

const notATest = (path) => !/\.test\.tsx?$|\/test\/|\/e2e\//.test(path);

/** The service's inputs are what esbuild read last time (apps/server/dist/inputs.json). */
function serviceInputs() {
  const read = JSON.parse(readFileSync(join(ROOT, 'apps/server/dist/inputs.json'), 'utf8'));
  return [...read, 'apps/server/scripts/build.mjs', 'package-lock.json'];
}

const BUILDS = [
  {
    name: 'page',
    output: 'apps/web/dist/index.html',
    inputs: () =>
      filesUnder(
        [
          'apps/web/index.html',
          'apps/web/vite.config.ts',
          'apps/web/package.json',
          'apps/web/public',
          'apps/web/src',
          'packages/domain/src',
          'package-lock.json',
        ],
        notATest,
      ),
    command: ['npm', ['run', '-s', 'build', '-w', 'apps/web']],
  },
  {
    name: 'service',
    output: 'apps/server/dist/main.mjs',
    inputs: serviceInputs,
    command: [process.execPath, ['apps/server/scripts/build.mjs']],
  },
];

/** The service's entry once built. */
export const SERVICE_MAIN = join(ROOT, 'apps/server/dist/main.mjs');

/**
 * Builds each of the page and the service whose output is missing or whose inputs changed since
 * its last build, and returns the names built. A failed build exits the process with 1 (the
 * builder printed why).
 */
export function buildStale() {
  const built = [];
  for (const { name, output, inputs, command } of BUILDS) {
    let files = null;
    try {
      files = inputs();
    } catch {
      // No record of the last build's inputs: build.
    }
    if (files && isFresh(name, output, files)) continue;
    console.log(`Building the ${name}...`);
    const [program, args] = command;
    const { status, error } = spawnSync(program, args, { cwd: ROOT, stdio: 'inherit' });
    if (error || status !== 0) {
      console.error(`Could not build the ${name}${error ? `: ${error.message}` : ''}`);
      process.exit(1);
    }
    recordBuild(name, output, inputs());
    built.push(name);
  }
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (buildStale().length === 0) console.log('The page and the service are up to date.');
}
