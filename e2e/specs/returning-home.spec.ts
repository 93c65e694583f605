import type { Locator, Page } from '@playwright/test';
import { createClothes, signInApi } from '../support/api.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { saveProfileLocation } from '../support/profiles.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser, newUser, type TestUser } from '../support/users.js';
import type { E2EServer } from '../support/server.js';

// The weather home needs a forecast: this journey's server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SEOUL = { latitude: 37.5665, longitude: 126.978 };
// Where the app keeps its query cache (apps/web/src/lib/query-persister.ts).
const CACHE_KEY = 'otboo.query-cache';

test.use({ viewport: PHONE, reducedMotion: 'reduce' });

/** The names of the recommended garments, in order. */
async function outfitOf(panel: Locator): Promise<string[]> {
  const list = panel.getByRole('list', { name: '추천 옷 목록' });
  await expect(list.getByRole('article').first()).toBeVisible();
  return list
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
}

/** The stored query cache's text, or null. */
function persistedCache(page: Page): Promise<string | null> {
  return page.evaluate(
    (key) =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
        key,
      ),
    CACHE_KEY,
  );
}

/** A user with a saved place and a closet of `names` (a top, a bottom, an outer, shoes). */
async function userWithCloset(server: E2EServer, prefix: string, names: string[]): Promise<TestUser> {
  const user = await createUser(server, newUser(prefix));
  const api = await signInApi(server, user);
  await saveProfileLocation(api, SEOUL);
  const types = ['TOP', 'BOTTOM', 'OUTER', 'SHOES'];
  for (const [i, name] of names.entries())
    await createClothes(api, { name, type: types[i]!, image: samplePng(96, [40 * i, 90, 150]) });
  return user;
}

// Journey (issue 23): a returning user opens the home; before any fresh answer, it shows the outfit kept on the phone
// marked '마지막으로 받은 추천', which the fresh answer then replaces. Another account on the same phone (signing in
// over the first one's session, then after a sign-out) never sees the first one's outfit, shown or stored.
test("a returning user's home shows the kept outfit at once, marked; another account never sees it", async ({
  page,
  server,
}, testInfo) => {
  const shot = auditedScreenshotter(page, testInfo);
  const aliceCloset = ['네이비 케이블 니트', '차콜 울 슬랙스', '카멜 더플 코트', '브라운 첼시 부츠'];
  const bobCloset = ['보라 후드티', '그레이 조거 팬츠', '블랙 패딩', '레드 러닝화'];
  const alice = await userWithCloset(server, 'returning', aliceCloset);
  const bob = await userWithCloset(server, 'other', bobCloset);
  const panel = page.getByRole('region', { name: '#추천 OOTD' });
  const lastReceived = panel.getByTestId('last-received');

  await signIn(page, alice);
  const outfit = await outfitOf(panel);
  await expect(lastReceived).toHaveCount(0);
  await expect.poll(async () => (await persistedCache(page))?.includes(outfit[0]!) ?? false).toBe(true);

  // Back later: the fresh outfit is held up; the kept one shows meanwhile, marked, with no skeleton. Each hold
  // stays well within the client's 10 s timeout (a held request that times out is an error on the page).
  let release = () => undefined as void;
  const holdFreshOutfit = () => {
    const held = new Promise<void>((resolve) => (release = resolve));
    return page.route('**/api/recommendations?*', async (route) => {
      await held;
      await route.continue();
    });
  };
  await page.setViewportSize(DESKTOP);
  await holdFreshOutfit();
  await page.reload();
  await expect(lastReceived).toBeVisible();
  await shot('home-last-received-1440');
  release();
  await expect(lastReceived).toHaveCount(0);
  await page.unrouteAll();

  await page.setViewportSize(PHONE);
  await holdFreshOutfit();
  await page.reload();
  await expect(lastReceived).toHaveText('마지막으로 받은 추천');
  expect(await outfitOf(panel)).toEqual(outfit);
  await expect(panel.getByTestId('recommendation-skeletons')).toHaveCount(0);
  const box = await panel.getByRole('list', { name: '추천 옷 목록' }).boundingBox();
  await shot('home-last-received-390');
  release();
  await expect(lastReceived).toHaveCount(0);
  // The day's outfit is the same one (the server keeps the one shown); nothing moved.
  expect(await outfitOf(panel)).toEqual(outfit);
  expect(await panel.getByRole('list', { name: '추천 옷 목록' }).boundingBox()).toEqual(box);
  await page.unrouteAll();

  // Another account signs in on this phone over the first one's session (no sign-out).
  await page.goto('/#/auth/login');
  await signIn(page, bob);
  const bobOutfit = await outfitOf(panel);
  expect(bobOutfit.every((name) => bobCloset.includes(name))).toBe(true);
  await expect(lastReceived).toHaveCount(0);
  for (const name of aliceCloset) await expect(page.getByText(name)).toHaveCount(0);
  await expect.poll(async () => (await persistedCache(page))?.includes(bobOutfit[0]!) ?? false).toBe(true);
  for (const name of aliceCloset) expect(await persistedCache(page)).not.toContain(name);

  // After a sign-out nothing is kept, and the first account signing in again sees only their own.
  await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/#\/auth\/login$/);
  expect(await persistedCache(page)).toBeNull();
  await signIn(page, alice);
  expect(await outfitOf(panel)).toEqual(outfit);
  for (const name of bobCloset) await expect(page.getByText(name)).toHaveCount(0);
});

// Where the app keeps the home's copy for the next visit (apps/web/src/config/first-screen.ts).
const FIRST_SCREEN_KEY = 'otboo.first-screen';

/** The kept first screen's stored text, or null. */
function keptFirstScreen(page: Page): Promise<string | null> {
  return page.evaluate(
    (key) =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
        key,
      ),
    FIRST_SCREEN_KEY,
  );
}

test.describe('the kept first screen', () => {
  // The app's code is held on its way (page.route), which a service worker serving it from its cache would pass by.
  test.use({ serviceWorkers: 'block' });

  // Journey (issue 23): the returning user's home paints as it last showed before any of the app's code has run,
  // marked '마지막으로 받은 추천' and inert; the app then takes its place without moving the outfit. Signing out
  // forgets it, and another account on the phone never sees it.
  test("a returning user's home paints before the app runs, then the app takes over in place", async ({
    page,
    server,
  }, testInfo) => {
    const shot = auditedScreenshotter(page, testInfo);
    const aliceCloset = ['아이보리 셔츠', '네이비 와이드 팬츠', '베이지 트렌치 코트', '화이트 스니커즈'];
    const bobCloset = ['민트 맨투맨', '블랙 카고 팬츠', '올리브 야상', '그레이 뉴발란스'];
    const alice = await userWithCloset(server, 'kept', aliceCloset);
    const bob = await userWithCloset(server, 'kept-other', bobCloset);
    const panel = page.getByRole('region', { name: '#추천 OOTD' });

    await signIn(page, alice);
    const outfit = await outfitOf(panel);
    await expect.poll(async () => (await keptFirstScreen(page))?.includes(outfit[0]!) ?? false).toBe(true);

    // Back later, with the app's code held: the kept copy alone is on the page.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const copy = page.locator('#first-screen');
    await expect(copy).toBeVisible();
    expect(await copy.evaluate((element) => (element as unknown as { inert: boolean }).inert)).toBe(true);
    await expect(copy.getByText('마지막으로 받은 추천')).toBeVisible();
    const keptList = copy.locator('[aria-label="추천 옷 목록"]');
    for (const name of outfit) await expect(keptList.locator(`[aria-label="${name}"]`)).toBeVisible();
    // In the phone's own font: the app's Noto Sans KR would hold its first frame back (index.css).
    await expect(copy).not.toHaveCSS('font-family', /Noto/);
    await shot('home-first-screen-390');
    const box = await keptList.boundingBox();

    // The app runs: its own home, from the answer kept on the phone, stands where the copy stood.
    release();
    await expect(copy).toHaveCount(0);
    expect(await outfitOf(panel)).toEqual(outfit);
    expect(await panel.getByRole('list', { name: '추천 옷 목록' }).boundingBox()).toEqual(box);
    await shot('home-after-first-screen-390');
    await page.unrouteAll();

    // Another screen's address paints no copy.
    await page.goto('/#/closet');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '옷장' })).toBeVisible();
    await expect(copy).toHaveCount(0);

    // Signing out forgets it; the next account keeps only their own.
    await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/#\/auth\/login$/);
    expect(await keptFirstScreen(page)).toBeNull();
    await signIn(page, bob);
    const bobOutfit = await outfitOf(panel);
    await expect.poll(async () => (await keptFirstScreen(page))?.includes(bobOutfit[0]!) ?? false).toBe(true);
    for (const name of aliceCloset) expect(await keptFirstScreen(page)).not.toContain(name);
    await page.reload();
    await expect(panel.getByRole('list', { name: '추천 옷 목록' })).toBeVisible();
    for (const name of aliceCloset) await expect(page.getByText(name)).toHaveCount(0);
  });
});
