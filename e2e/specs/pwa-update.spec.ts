import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base } from '../support/fixtures.js';
import type { PageGlobals } from '../support/page-globals.js';
import { screenshotter } from '../support/screenshots.js';
import { startServer, type E2EServer } from '../support/server.js';

const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

// This journey deploys a new version under the running app, so its server serves a copy of the built app.
const test = base.extend<object, { webCopy: string; server: E2EServer }>({
  webCopy: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures.
    async ({}, use) => {
      const copy = await mkdtemp(path.join(os.tmpdir(), 'otboo-web-copy-'));
      await cp(webDist, copy, { recursive: true });
      await use(copy);
      await rm(copy, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ webCopy }, use) => {
      const server = await startServer({ env: { WEB_DIST_DIR: webCopy } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

// Journey: the app is open (its worker in control) when a new version is deployed. The new worker installs and
// waits; the app says '새 버전이 있어요', and '새로고침' switches to the new worker and reloads the page.
test.use({ viewport: { width: 390, height: 844 } });

test('pwa: a new version is offered and taken with one tap', async ({ page, webCopy }, testInfo) => {
  const screenshot = screenshotter(page, testInfo);
  await page.goto('/');
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).navigator.serviceWorker?.ready;
  });
  await page.reload();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Boolean((globalThis as unknown as PageGlobals).navigator.serviceWorker?.controller),
      ),
    )
    .toBe(true);
  await expect(page.getByText('새 버전이 있어요')).toHaveCount(0);

  // A deploy: the worker script changes (the server sends its plain copy once the compressed ones are gone).
  await rm(path.join(webCopy, 'sw.js.br'), { force: true });
  await rm(path.join(webCopy, 'sw.js.gz'), { force: true });
  await appendFile(path.join(webCopy, 'sw.js'), '\n// next version\n');

  // The next page load finds it; it installs, waits, and the app offers it.
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: '새 버전이 있어요' });
  await expect(banner).toBeVisible();
  await screenshot('update-offered');
  // It covers nothing for good: at the bottom of the page, the last link is above it.
  // Scrolled by script, not a wheel: a wheel's scroll lands after the event, and the boxes were read before it.
  await page.evaluate(() => {
    const root = (globalThis as unknown as PageGlobals).document.scrollingElement;
    root?.scrollTo(0, root.scrollHeight);
  });
  const signUp = page.getByRole('link', { name: '회원가입' });
  await expect
    .poll(async () => {
      const [link, bar] = [await signUp.boundingBox(), await banner.boundingBox()];
      return Boolean(link && bar && link.y + link.height <= bar.y);
    })
    .toBe(true);
  await screenshot('update-offered-bottom');
  await page.evaluate(() => {
    (globalThis as unknown as PageGlobals).beforeUpdate = true;
  });
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: '새로고침' }).click();

  // The page reloaded on the new worker, and nothing waits any more.
  await reloaded;
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).beforeUpdate)).toBeUndefined();
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  await expect(page.getByText('새 버전이 있어요')).toHaveCount(0);
  expect(
    await page.evaluate(async () => {
      const { serviceWorker } = (globalThis as unknown as PageGlobals).navigator;
      const registration = await serviceWorker?.getRegistration();
      return { waiting: registration?.waiting ?? null, controlled: serviceWorker?.controller?.state };
    }),
  ).toEqual({ waiting: null, controlled: 'activated' });
});
