/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API answers /ebsn, /media and /version.json; in production it serves this build on the same origin.
// SPESA_API_URL points the dev server and `vite preview` at another API (e.g. http://localhost:8090).
const apiTarget = process.env.SPESA_API_URL ?? 'http://localhost:8080';
const proxy = Object.fromEntries(
  ['/ebsn', '/media', '/version.json'].map((path) => [path, { target: apiTarget, changeOrigin: true }]),
);

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {},
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
  },
});
