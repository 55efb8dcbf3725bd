import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` serves the page with hot reload and sends /api to a running service.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': process.env.API_ORIGIN ?? 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
