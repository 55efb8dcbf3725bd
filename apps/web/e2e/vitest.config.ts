import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The end-to-end project: the built page in Debian's Chromium against a real HTTP service.
export default defineConfig({
  test: {
    name: 'web-e2e',
    root: import.meta.dirname,
    // Files are found from apps/web, so `vitest run apps/web` selects this project's too.
    dir: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // One browser at a time: two cores, and every file starts its own.
    fileParallelism: false,
    // A test's waits end as soon as the page is there (harness/waits.ts); the limits fit a loaded
    // 2-core machine, where one step may take WAIT_MS.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
