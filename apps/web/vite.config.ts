/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** What is worth compressing: text files over 1 KB. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;

/**
 * Brotli (maximum quality) and gzip (level 9) copies beside every text file of the build, written
 * once here, so the service sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing the page on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'stl-deals:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The page's dynamic imports without Vite's preload helper. Vite wraps every `import()` of the
 * page in `__vitePreload`, which loads the chunk's CSS and preloads its imports, even when there
 * is nothing to load (vitejs/vite#13952); the helper is 0.6-0.8 KB gzip of the first load. Here
 * there never is: the page's CSS is one file (`cssCodeSplit: false`), and a lazy chunk imports
 * only the entry chunk, already running. So each wrapped import is written back as the bare
 * `import()`, padded to its length so the source map stays true, and the minifier drops the unused
 * helper.
 */
function bareDynamicImports(): Plugin {
  const WRAPPED = /__vitePreload\(\(\) => (import\("[^"]+"\)), __VITE_PRELOAD__\)/g;
  return {
    name: 'stl-deals:bare-dynamic-imports',
    apply: 'build',
    renderChunk(code) {
      if (!code.includes('__vitePreload(')) return null;
      const bare = code.replace(WRAPPED, (wrapped, load: string) => load.padEnd(wrapped.length));
      return { code: bare, map: null };
    },
  };
}

/**
 * The built page's CSS module class names: 'card_k3x9', the class and a hash of its module's
 * path, the same in every build. Vite's default adds the class's line ('_card_1jyoj_2'), so every
 * name of a module differs in its tail: each module's map of names in the first load's JavaScript
 * then costs about 0.3 KB gzip more (and the stylesheet 0.3 KB). Two modules given one hash would
 * mix their classes silently: the build stops instead. `npm run dev` keeps Vite's names.
 */
function moduleClassNames(root: string) {
  const modules = new Map<string, string>();
  return (local: string, file: string): string => {
    const path = relative(root, file.split('?')[0]!);
    const hash = (fnv1a(path) % 36 ** 4).toString(36);
    const owner = modules.get(hash);
    if (owner !== undefined && owner !== path) {
      throw new Error(`CSS modules ${owner} and ${path} have the same class name hash ${hash}`);
    }
    modules.set(hash, path);
    return `${local}_${hash}`;
  };
}

/** FNV-1a, 32 bits: a stable, well-spread hash of a short string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash;
}

// `npm run dev` serves the page with hot reload and sends /api to a running service.
// `test` is the component-test project (jsdom); the end-to-end project lives in e2e/.
export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), bareDynamicImports()],
  server: {
    proxy: { '/api': process.env.API_ORIGIN ?? 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No modulepreload polyfill: the page links no module to preload, and every browser that runs
    // module scripts preloads modules itself (0.3 KB gzip less to send and run).
    modulePreload: { polyfill: false },
    // One stylesheet: the lazy chunks' few rules (0.7 KB gzip) are in it from the first paint, so
    // a lazy part never waits for its CSS and needs no preload helper (see `bareDynamicImports`).
    cssCodeSplit: false,
  },
  css: {
    modules:
      command === 'build' ? { generateScopedName: moduleClassNames(import.meta.dirname) } : {},
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Waits end when the page is there (see setup.ts); the limit fits a loaded machine.
    testTimeout: 30_000,
    // Class names as written, so the DOM a failing test prints reads like the source.
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
