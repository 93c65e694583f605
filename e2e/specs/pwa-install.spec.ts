import type { APIResponse, Page } from '@playwright/test';
import { createClothes, signInApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import type { PageGlobals } from '../support/page-globals.js';
import { signIn } from '../support/login.js';
import { createUser } from '../support/users.js';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
async function pngSize(res: APIResponse): Promise<string> {
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  const body = await res.body();
  expect(body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

/** Every URL in the page's Cache Storage, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const { caches } = globalThis as unknown as PageGlobals;
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return all;
  });
}

// Journey: a phone user installs otboo from the login page. The page links a complete manifest whose icons are
// real PNGs of their stated sizes; the service worker takes the page after one reload; a photo the app shows is
// cached while no API answer ever is; offline, a reload still opens the app.
test('pwa: installable, controlled by its worker, opens offline', async ({ page, context, server }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/auth\/login$/);
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  // http://127.0.0.1 counts as secure: service workers are allowed.
  expect(
    await page.evaluate(() => {
      const { isSecureContext, navigator } = globalThis as unknown as PageGlobals;
      return isSecureContext && navigator.serviceWorker !== undefined;
    }),
  ).toBe(true);

  // The page: Korean, drawn under the notch, linked to its manifest and its Apple touch icon.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await pngSize(await page.request.get(touchIcon!))).toBe('180x180');

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestRes = await page.request.get(manifestHref!);
  expect(manifestRes.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestRes.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: '옷장을 부탁해',
    start_url: '/#/recommendations',
    scope: '/',
    display: 'standalone',
    lang: 'ko',
  });
  expect(manifest.short_name).toMatch(/^[가-힣]{2,6}$/);
  expect(manifest.description).toMatch(/[가-힣]/);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  // Every icon loads as a PNG of the size it states: 192 and 512 for any launcher, and a maskable one.
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png');
    expect(await pngSize(await page.request.get(new URL(icon.src, manifestRes.url()).href))).toBe(icon.sizes);
  }
  const sizes = (purpose: string) =>
    manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((i) => i.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable').length).toBeGreaterThan(0);

  // The worker installs (its precache is complete once it is active) and controls the page after a reload.
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).navigator.serviceWorker?.ready;
  });
  await page.reload();
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  expect(
    await page.evaluate(
      () => (globalThis as unknown as PageGlobals).navigator.serviceWorker?.controller?.scriptURL,
    ),
  ).toBe(`${server.url}/sw.js`);

  // Signed in, the app talks to the API through the worker; a garment photo it shows is kept for later.
  const user = await createUser(server);
  const session = await signInApi(server, user);
  const garment = (await createClothes(session, {
    name: '옥스포드 셔츠',
    type: 'TOP',
    image: samplePng(64),
  })) as unknown as { imageUrl: string | null };
  expect(garment.imageUrl).toMatch(/^\/files\//);
  await signIn(page, user);
  // Loaded the way the closet's <img> tags load it.
  await page.evaluate(async (src) => {
    const img = new (globalThis as unknown as PageGlobals).Image();
    img.src = src;
    await img.decode();
  }, garment.imageUrl!);
  await expect
    .poll(async () => (await cachedUrls(page))['otboo-images'] ?? [])
    .toContain(`${server.url}${garment.imageUrl}`);

  // Nothing from /api is ever cached: the shell, the photos and nothing else.
  const cached = Object.values(await cachedUrls(page)).flat();
  expect(cached.some((url) => url.endsWith('/index.html') || url.includes('/index.html?'))).toBe(true);
  expect(cached.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);

  // Offline, a reload opens the app from the precache, fonts and all; without the network the session cannot be
  // renewed, so the signed-in user stays on the last data under the offline notice (offline.spec.ts).
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '오프라인 상태예요' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const { document } = globalThis as unknown as PageGlobals;
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.family.includes('Noto Sans KR') && face.status === 'loaded')
          .map((face) => face.weight);
      }),
    )
    // The variable font: one face per slice for every weight, bold included (src/index.css).
    .toContain('100 900');
  await context.setOffline(false);
});
