/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
// The dev server forwards everything the app talks to on its own origin to a local API server.
const apiServer = 'http://127.0.0.1:8080';
const proxied = ['/api', '/ws', '/files', '/oauth2', '/login'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': src, '@otboo/contract': contract } },
  // sockjs-client reads the Node global `global`; without this the built page is blank.
  define: { global: 'globalThis' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: apiServer, changeOrigin: false, ws: prefix === '/ws' }]),
    ),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
