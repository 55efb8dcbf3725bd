import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the bundles of thread entries go: the repository's `node_modules/.cache`, from which the
 * bundles' own imports of installed packages resolve as the sources' do.
 */
const CACHE = fileURLToPath(
  new URL('../../../../node_modules/.cache/stl-deals/threads/', import.meta.url),
);

const IMPORT_META_URL = /\bimport\.meta\.url\b/g;

const bundles = new Map<string, Promise<URL>>();

/**
 * A worker thread's entry for a TypeScript module run from the sources (tsx, Vitest): `source`
 * bundled once per process, in this thread, into plain JavaScript a thread of plain Node loads.
 * A thread with tsx's loader registered in it (as it is whenever the thread inherits this
 * process's flags) starts an esbuild process of its own, which nobody reaps once the thread ends:
 * so the threads start with no flags (`execArgv: []`) and load only plain JavaScript. The one
 * esbuild process of this thread is kept for the next bundle (stopping it left it unreaped too).
 * Installed packages stay imports;
 * the workspace's are bundled, each module's `import.meta` URL reading as its source file's own.
 */
export function threadEntry(source: URL): Promise<URL> {
  const path = fileURLToPath(source);
  let bundle = bundles.get(path);
  if (!bundle) {
    bundle = bundled(path);
    bundles.set(path, bundle);
    // A failed bundle is made again on the next call.
    bundle.catch(() => bundles.delete(path));
  }
  return bundle;
}

async function bundled(path: string): Promise<URL> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'installed-packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@stl-deals/') ? null : { path: args.path, external: true },
          );
          build.onLoad({ filter: /\.ts$/ }, async (args) => {
            const text = await readFile(args.path, 'utf8');
            const own = JSON.stringify(pathToFileURL(args.path).href);
            return { contents: text.replace(IMPORT_META_URL, own), loader: 'ts' };
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.text ?? '';
  const name = createHash('sha256').update(path).update(code).digest('hex').slice(0, 16);
  const file = resolve(CACHE, `${name}.mjs`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, code);
  return pathToFileURL(file);
}
