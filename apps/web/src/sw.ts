// The service worker: the app shell from the precache, so the app opens on a bad connection or none, and the
// photos our origin serves from a bounded cache. Built by vite-plugin-pwa (injectManifest, vite.config.ts), which
// fills `self.__WB_MANIFEST` with the shell's files and their revisions. Typed by tsconfig.sw.json.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { IMAGE_CACHE } from '@/lib/image-cache';
import { pushNotification } from '@/lib/push-notification';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// What it never does: answer `/api/*` (signed-in data, sign-in and refresh; the app keeps its own query cache
// and clears it on sign-out), `/ws`, `/oauth2/*` or `/login/*`. No route below matches them, so the browser
// sends those requests to the network as if there were no worker.

// ── App shell ──
precacheAndRoute(self.__WB_MANIFEST);
// A new version's precache replaces the old one; caches of older Workbox precache formats are dropped too.
cleanupOutdatedCaches();

// The router is hash-based (`/#/closet`), so every page load asks for `/` (or `/?…` after a sign-in redirect);
// offline it gets the precached index.html. Other paths are real server routes (OAuth redirects, API, files).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { allowlist: [/^\/(index\.html)?(\?.*)?$/] }),
);

// ── Photos: garment images and avatars, `/files/<key>` on our origin (docs/api.md §8) ──
// A key is random per upload and never rewritten, so a stored copy is always right: cache first, bounded in
// count and age, and dropped first when the browser runs short of storage. The page deletes this cache when a
// session ends (lib/image-cache.ts), so the next user of the device never sees these photos offline.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && url.pathname.startsWith('/files/') && request.destination === 'image',
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// ── Fonts: the Noto Sans KR slices (src/index.css), `/assets/*.woff2` on our origin ──
// Not precached (there are ~120; a screen uses a few): the slices a screen has used are kept, so it shows in its
// font offline too. Their names carry a content hash, so a stored copy is always right.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && url.pathname.startsWith('/assets/') && request.destination === 'font',
  new CacheFirst({
    cacheName: 'otboo-fonts',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 365 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// ── Updates ──
// A new worker waits until the page's '새로고침' banner asks it to take over (registerType 'prompt'); the page
// then reloads on the new code (components/pwa/update-prompt.tsx).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// Activation takes the open pages: after the first install the page is controlled without a reload (the photos it
// loads are cached already); an update only gets here through the banner above.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// ── Web Push (docs/api.md §9.2) ──
// The browser has decrypted the payload {id, title, content, createdAt, url}; it becomes a system notification
// (src/lib/push-notification.ts). A payload that is not ours shows nothing of ours (the browser says the site
// was updated).
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // not JSON
  }
  const notification = pushNotification(data, self.location.origin);
  if (notification)
    event.waitUntil(self.registration.showNotification(notification.title, notification.options));
});

// A tap focuses an open window of the app and takes it to the notification's screen, or opens one there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = event.notification.data as { url: string };
  event.waitUntil(
    (async () => {
      // Only windows this worker controls can be navigated; every page of the app is one (clients.claim above).
      const [open] = await self.clients.matchAll({ type: 'window' });
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      // A refused focus (the browser allows it only right after the tap) must not keep the screen from changing.
      await open.focus().catch(() => undefined);
      await open.navigate(url);
    })(),
  );
});
