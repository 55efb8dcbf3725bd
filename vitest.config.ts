import { defineConfig } from 'vitest/config';

// One runner for the whole repository: every workspace is a Vitest project,
// and the summary reporter closes the run with a plain 'N passed, N failed' line.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'apps/web/e2e/vitest.config.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
