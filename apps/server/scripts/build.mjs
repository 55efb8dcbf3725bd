// Builds the service for plain `node`: apps/server/dist/main.mjs (the service) and
// dist/parse-worker.mjs (the parsing threads' entry), each one ES module bundling the
// workspace's TypeScript, so nothing transpiles at run time. `npm run build -w apps/server`
// builds it always; `npm run build` and `npm start` when its sources changed (scripts/build.mjs).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const ROOT = resolve(SERVER, '../..');
const DIST = resolve(SERVER, 'dist');
/** What the last build read (repository-relative paths), for the freshness check. */
const INPUTS_FILE = resolve(DIST, 'inputs.json');

const ENTRIES = {
  main: resolve(SERVER, 'src/main.ts'),
  'parse-worker': resolve(ROOT, 'packages/scraper/src/parsing/parse-worker.ts'),
};
const OUTPUTS = new Set(Object.keys(ENTRIES).map((name) => `${name}.mjs`));

/**
 * Packages left to Node at run time rather than bundled: a native addon (better-sqlite3), one
 * that starts threads from its own files (piscina), one loaded only when a store needs the
 * browser (playwright-core, imported on first use), and Fastify's default schema compilers
 * (Ajv, fast-json-stringify: half a megabyte that every start would parse), which it requires
 * only when given no compilers of its own, and the service gives the zod ones
 * (http/zod-compilers). Everything else is bundled: one file to read at start instead of hundreds.
 */
const EXTERNAL = [
  // Imported only when run from the sources, to bundle a thread's entry (threads/thread-entry.ts).
  'esbuild',
  'better-sqlite3',
  'piscina',
  'playwright-core',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

/**
 * `new URL('../registry/st-louis.json', import.meta.url)` names a file beside its source module;
 * in a bundle, `import.meta.url` is the bundle's. Each such URL is rewritten relative to dist/,
 * so it still names the repository's file, except a URL naming one of the build's own entries
 * (the parsing thread's `./parse-worker.mjs`), which is built beside the bundle. Any other use of
 * `import.meta.url` in a bundled source stops the build rather than resolve somewhere else.
 */
const SOURCE_URL = /new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

const sourceRelativeUrls = {
  name: 'source-relative-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url') || args.path.includes('/node_modules/')) return null;
      const contents = text.replace(SOURCE_URL, (whole, quote, target) => {
        if (OUTPUTS.has(target.replace(/^\.\//, ''))) return whole;
        const fromDist = relative(DIST, resolve(dirname(args.path), target));
        return `new URL(${JSON.stringify(fromDist.split('\\').join('/'))}, import.meta.url)`;
      });
      if (contents.replace(SOURCE_URL, '').includes('import.meta.url')) {
        return { errors: [{ text: 'import.meta.url outside new URL(literal, import.meta.url)' }] };
      }
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * cheerio's main entry also holds its fetching and decoding helpers (fromURL, loadBuffer, the
 * stream parsers), and with them undici, iconv-lite and parse5's stream parser: over a megabyte
 * that every start would read and run, for functions the project never calls (it takes `load`
 * alone). The bundle takes cheerio from the module its main entry re-exports `load` from, the
 * same parse5 `load`; an import of anything else from 'cheerio' then fails the build.
 */
const CHEERIO_LOAD = resolve(
  dirname(createRequire(import.meta.url).resolve('cheerio/package.json')),
  'dist/esm/load-parse.js',
);

const cheerioLoadOnly = {
  name: 'cheerio-load-only',
  setup(build) {
    build.onResolve({ filter: /^cheerio$/ }, () => ({ path: CHEERIO_LOAD }));
  },
};

async function buildServer() {
  rmSync(DIST, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: ENTRIES,
    outdir: DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // What a start does not need is imported on first use (`import()`): such a module and what
    // only it imports go to chunks of their own beside the entries, read when first imported.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Minified, a smaller source to parse at every start (4 MB, not 7.5); function and class
    // names kept for stack traces and for libraries that read them. `node --enable-source-maps`
    // maps stack traces back to the sources.
    sourcemap: 'linked',
    minify: true,
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceRelativeUrls, cheerioLoadOnly],
  });
  const inputs = Object.keys(result.metafile.inputs)
    .map((input) => relative(ROOT, resolve(process.cwd(), input)))
    .filter((input) => !input.startsWith('node_modules/'));
  writeFileSync(INPUTS_FILE, JSON.stringify(inputs));
}

const started = Date.now();
await buildServer();
console.log(
  `Built the service into ${relative(process.cwd(), DIST)} in ${Date.now() - started} ms`,
);
