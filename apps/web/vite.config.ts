/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` serves the page with hot reload and sends /api to a running service.
// `test` is the component-test project (jsdom); the end-to-end project lives in e2e/.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': process.env.API_ORIGIN ?? 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Class names as written, so the DOM a failing test prints reads like the source.
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
