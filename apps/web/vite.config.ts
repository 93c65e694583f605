/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CSRF_COOKIE, CSRF_HEADER } from '../../packages/contract/src/auth.js';
import { ko } from '../../packages/contract/src/texts.ko.js';
import { PUBLIC_ADDRESS } from './src/config/public-address.js';

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

// The font slice of Latin and the most used Hangul (fontsource's slice 119: 가, 고, 기, 다, 로, …), wanted by every
// screen's first text: preloaded so that it downloads with the scripts instead of after the style sheet is read.
const FIRST_FONT_SLICE = /^assets\/noto-sans-kr-119-wght-normal-[\w-]+\.woff2$/;
const preloadFirstFontSlice: Plugin = {
  name: 'otboo:preload-first-font-slice',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      const slice = Object.keys(bundle ?? {}).find((file) => FIRST_FONT_SLICE.test(file));
      if (!slice)
        throw new Error('the build has no first Noto Sans KR slice to preload: see FIRST_FONT_SLICE');
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${slice}`, crossorigin: '' },
          injectTo: 'head',
        },
      ];
    },
  },
};

// A signed-in address (not the login pages: config/public-address.ts) starts on the signed-in home beside the
// entry instead of after it has run (issue 18's first paint): a small script, fetched with the entry and run as
// soon as it arrives, sends the session refresh (taken by lib/session-api/early-refresh.ts; only with the CSRF
// cookie of an earlier visit, and never once the app has refreshed itself) and adds <link rel="modulepreload">s
// for the home's chunks. One classic script, so that the login page fetches one small file more, and not inline:
// the page's CSP allows no inline script.
const HOME_ROUTES = ['src/app/routes/protected-layout.tsx', 'src/app/routes/recommendations.tsx'].map(
  (file) => fileURLToPath(new URL(file, import.meta.url)),
);
const APP_START = fileURLToPath(new URL('src/app/start.tsx', import.meta.url));
const earlyStartScript = (homeChunks: string[]) => `(() => {
  if (${PUBLIC_ADDRESS.toString()}.test(location.hash)) return;
  const csrf = /(?:^|; )${CSRF_COOKIE}=([^;]*)/.exec(document.cookie);
  if (csrf && globalThis.otbooEarlyRefresh === undefined) {
    const sent = fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', '${CSRF_HEADER}': decodeURIComponent(csrf[1]) },
    });
    sent.catch(() => undefined);
    globalThis.otbooEarlyRefresh = sent;
  }
  for (const href of ${JSON.stringify(homeChunks)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    // After the entry's own scripts, which the page needs first.
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
  }
})();
`;
const earlyStart: Plugin = {
  name: 'otboo:early-start',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: string[]) => {
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
        };
        roots.forEach(visit);
        return files;
      };
      const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const start = chunks.find((chunk) => chunk.facadeModuleId === APP_START)?.fileName;
      if (!start) throw new Error('the build has no chunk for the app: see APP_START');
      // The app's own chunks are imported by the entry (src/app/main.tsx), after a first frame when it paints a
      // kept screen. They are asked with the entry all the same, so a first visit waits for no second round trip,
      // but as plain preloads: a module preload also compiles them as they arrive, which took the main thread for
      // about 0.3 s of a slow phone's trace, before the kept screen's first frame.
      const entry = closure([...entries, start]);
      const bare = closure(entries);
      const appPreloads = [...entry]
        .filter((fileName) => !bare.has(fileName))
        .map((file) => `<link rel="preload" as="script" crossorigin href="/${file}">`)
        .join('');
      const routes = HOME_ROUTES.map((id) => chunks.find((chunk) => chunk.facadeModuleId === id)?.fileName);
      if (!routes.every((fileName) => fileName !== undefined))
        throw new Error('the build has no chunk for a home route: see HOME_ROUTES');
      const home = [...closure(routes)].filter((fileName) => !entry.has(fileName)).map((file) => `/${file}`);
      const source = earlyStartScript(home);
      const fileName = `assets/early-start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string')
        throw new Error('the build has no index.html to add the early start to');
      // Last in the head: the login page's own files are asked first.
      if (!html.source.includes('</head>')) throw new Error('index.html has no head');
      html.source = html.source.replace(
        '</head>',
        `${appPreloads}<script async src="/${fileName}"></script></head>`,
      );
    },
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
    // The shell: every page's code and style, the page itself and the icons. Not the source maps, and not the ~120
    // font slices (src/index.css): the worker keeps those a screen has used (src/sw.ts). The plugin adds the
    // manifest itself.
    globPatterns: ['**/*.{js,css,html,png,svg}'],
    globIgnores: ['**/*.map'],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), indexHtmlTexts, preloadFirstFontSlice, earlyStart, pwa],
  resolve: { alias: { '@': src, '@otboo/contract': contract } },
  // sockjs-client reads the Node global `global`; without this the built page is blank. __APP_BUILD__: see above.
  define: { global: 'globalThis', __APP_BUILD__: JSON.stringify(APP_BUILD) },
  // The manifest tells scripts/check-bundle-budget.mjs what each screen loads before its first paint.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: apiServer, changeOrigin: false, ws: prefix === '/ws' }]),
    ),
  },
  test: {
    // Threads start faster than forks, and a worker more than the cores fills the time each spends setting up
    // jsdom: 156 s instead of 210 s for the suite on 2 cores (docs/architecture.md §Tests).
    pool: 'threads',
    maxWorkers: availableParallelism() + 1,
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
