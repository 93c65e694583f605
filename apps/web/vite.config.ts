/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ko } from '../../packages/contract/src/texts.ko.js';

const src = fileURLToPath(new URL('./src', import.meta.url));
const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
// The dev server forwards everything the app talks to on its own origin to a local API server.
const apiServer = 'http://127.0.0.1:8080';
const proxied = ['/api', '/ws', '/files', '/oauth2', '/login'];

// This build's name: the version and when it was built. The persisted query cache carries it, so answers saved
// by another build (whose shapes may differ) are dropped on restore (src/lib/query-persister.ts).
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const APP_BUILD = `${version}+${Date.now().toString(36)}`;

// The white top bar, and the gray of the start page (index.css: white, --color-surface).
const THEME_COLOR = '#ffffff';
const BACKGROUND_COLOR = '#f2f4f6';

// index.html's Korean (title, description, home-screen name) comes from the contract like every other text, and
// its theme colour is the manifest's.
const htmlTexts: Record<string, string> = {
  APP_THEME_COLOR: THEME_COLOR,
  APP_NAME: ko.app.name,
  APP_SHORT_NAME: ko.pwa.shortName,
  APP_DESCRIPTION: ko.app.tagline,
};
const indexHtmlTexts: Plugin = {
  name: 'otboo:index-html-texts',
  transformIndexHtml: {
    order: 'pre',
    handler: (html) => html.replace(/%(APP_\w+)%/g, (match, key: string) => htmlTexts[key] ?? match),
  },
};

// The installed app (manifest) and its service worker (src/sw.ts). The worker is built for production only: under
// `npm run dev` nothing registers, so the dev server's modules are never served from a cache.
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  // components/pwa/update-prompt.tsx registers it through virtual:pwa-register/react.
  injectRegister: false,
  // The icons are in the shell's glob below already.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: ko.app.name,
    short_name: ko.pwa.shortName,
    description: ko.app.tagline,
    lang: 'ko',
    dir: 'ltr',
    start_url: '/#/recommendations',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['lifestyle', 'weather', 'shopping'],
    // Made from public/favicon.svg by scripts/make-icons.mjs.
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell: every page's code and style, the page itself, the woff2 fonts (every browser with service workers
    // reads woff2, so the woff copies are left out) and the icons. Not the source maps. The plugin adds the
    // manifest itself.
    globPatterns: ['**/*.{js,css,html,woff2,png,svg}'],
    globIgnores: ['**/*.map'],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), indexHtmlTexts, pwa],
  resolve: { alias: { '@': src, '@otboo/contract': contract } },
  // sockjs-client reads the Node global `global`; without this the built page is blank. __APP_BUILD__: see above.
  define: { global: 'globalThis', __APP_BUILD__: JSON.stringify(APP_BUILD) },
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
