// Whether a build's output still matches its sources: a fingerprint of every input file's path,
// size and modification time, kept beside the cache of other tools once the build succeeded.
// Plain JavaScript, as it runs before anything is built, and must take milliseconds.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
const STAMPS = join(ROOT, 'node_modules/.cache/stl-deals');

/** Every file under `paths` (repository-relative files or folders) that `keep` accepts. */
export function filesUnder(paths, keep = () => true) {
  const files = [];
  const visit = (path) => {
    const stats = statSync(join(ROOT, path), { throwIfNoEntry: false });
    if (stats?.isDirectory()) {
      for (const name of readdirSync(join(ROOT, path))) visit(join(path, name));
    } else if (stats?.isFile() && keep(path)) files.push(path);
  };
  paths.forEach(visit);
  return files;
}

/** The inputs' fingerprint: a file added, removed, edited or touched changes it. */
function fingerprint(files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    const stats = statSync(join(ROOT, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${stats ? `${stats.size}:${stats.mtimeMs}` : 'missing'}\n`);
  }
  return hash.digest('hex');
}

/** Whether `name`'s last successful build had these inputs and its output is still there. */
export function isFresh(name, output, files) {
  if (!statSync(join(ROOT, output), { throwIfNoEntry: false })) return false;
  try {
    return readFileSync(join(STAMPS, `${name}.json`), 'utf8') === stamp(output, files);
  } catch {
    return false;
  }
}

/** Records a successful build of `name` from `files` into `output`. */
export function recordBuild(name, output, files) {
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(join(STAMPS, `${name}.json`), stamp(output, files));
}

function stamp(output, files) {
  return JSON.stringify({ output: relative(ROOT, join(ROOT, output)), inputs: fingerprint(files) });
}
