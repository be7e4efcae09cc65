import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office (decision 030): its own build, served by the shop's server under /admin, so the shop's
 * pages never load its bundle. In development its API calls go to the server on 8080.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5174, proxy: { '/ebsn/api': 'http://127.0.0.1:8080' } },
});
