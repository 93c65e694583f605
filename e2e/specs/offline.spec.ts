import type { Page } from '@playwright/test';
import { createClothes, createFeed, getWeathers, signInApi } from '../support/api.js';
import { FULL_BROWSER_TAG, lacksWholeBrowser } from '../support/chromium.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { shownOutfitOf } from '../support/outfit.js';
import { signIn } from '../support/login.js';
import { saveProfileLocation } from '../support/profiles.js';
import { screenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

// The weather home needs a forecast: this journey's server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SEOUL = { latitude: 37.5665, longitude: 126.978 };
// Where the app keeps its query cache and the signed-in user (apps/web/src/lib/query-persister.ts,
// apps/web/src/stores/session.ts) and the service worker its photos (apps/web/src/lib/image-cache.ts).
const CACHE_KEY = 'otboo.query-cache';
const USER_KEY = 'otboo.session-user';
const IMAGE_CACHE = 'otboo-images';

/** The browser globals read inside `page.evaluate` (this project is typed for Node, not the DOM). */
interface Globals {
  localStorage: { getItem(key: string): string | null };
  location: { hash: string };
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: { scriptURL: string } | null } };
  caches: { keys(): Promise<string[]>; open(name: string): Promise<{ keys(): Promise<unknown[]> }> };
  Blob: new (parts: string[]) => { size: number };
}

test.use({ viewport: PHONE, reducedMotion: 'reduce' });

/** The stored query cache: its size in characters and UTF-8 bytes, and its text. */
function persistedCache(page: Page) {
  return page.evaluate((key) => {
    const text = (globalThis as unknown as Globals).localStorage.getItem(key);
    return text === null
      ? null
      : { chars: text.length, bytes: new (globalThis as unknown as Globals).Blob([text]).size, text };
  }, CACHE_KEY);
}

function goTo(page: Page, hash: string) {
  return page.evaluate((h) => {
    (globalThis as unknown as Globals).location.hash = h;
  }, hash);
}

// Journey: a phone user with a closet and a feed opens the weather home, lets the service worker take the page and
// goes offline. A reload shows the last weather and outfit, photos included, under the '오프라인' notice; a comment
// written offline is refused with a Korean message and stays in the box. After signing out (online), an offline
// reload shows the login page and nothing of that user.
test(
  'offline: the last weather and outfit under a notice, a refused comment kept, nothing after sign-out',
  { tag: FULL_BROWSER_TAG },
  async ({ page, context, server }, testInfo) => {
    test.skip(Boolean(lacksWholeBrowser(testInfo)), lacksWholeBrowser(testInfo));
    const shot = screenshotter(page, testInfo);
    const user = await createUser(server, newUser('offline'));
    const api = await signInApi(server, user);
    await saveProfileLocation(api, SEOUL);
    const garments = [
      { name: '스트라이프 셔츠', type: 'TOP', image: samplePng(96, [150, 190, 230]) },
      { name: '라운드 니트', type: 'TOP', image: samplePng(96, [230, 220, 200]) },
      { name: '와이드 데님 팬츠', type: 'BOTTOM', image: samplePng(96, [60, 90, 150]) },
      { name: '베이지 치노 팬츠', type: 'BOTTOM', image: samplePng(96, [200, 180, 140]) },
      { name: '트렌치 코트', type: 'OUTER', image: samplePng(96, [190, 160, 110]) },
      { name: '화이트 스니커즈', type: 'SHOES', image: samplePng(96, [245, 245, 245]) },
    ];
    const clothes = [];
    for (const garment of garments) clothes.push(await createClothes(api, garment));
    const [today] = await getWeathers(api, SEOUL);
    const keyword = `오프라인${Date.now().toString(36)}`;
    await createFeed(api, {
      weatherId: today!.id,
      clothesIds: clothes.slice(0, 3).map((c) => c.id),
      content: `${keyword} 비 오기 전 코디`,
    });

    // Online: the weather and an outfit.
    await signIn(page, user);
    const hero = page.getByRole('region', { name: /서울특별시/ });
    const panel = page.getByRole('region', { name: '#추천 OOTD' });
    await expect(hero.getByTestId('current-temperature')).toHaveText(/^-?\d+°$/);
    await shownOutfitOf(panel);

    // The worker takes the page after one reload; the photos the page loads from then on are kept.
    await page.evaluate(() => (globalThis as unknown as Globals).navigator.serviceWorker.ready);
    await page.reload();
    expect(
      await page.evaluate(
        () => (globalThis as unknown as Globals).navigator.serviceWorker.controller?.scriptURL,
      ),
    ).toBe(`${server.url}/sw.js`);

    // What the home page alone leaves in storage (the size is reported with the test).
    const homeOutfit = await shownOutfitOf(panel);
    await expect
      .poll(async () => (await persistedCache(page))?.text.includes(homeOutfit[0]!) ?? false)
      .toBe(true);
    const home = (await persistedCache(page))!;
    testInfo.annotations.push({
      type: 'persisted cache after the home page',
      description: `${home.chars} characters, ${home.bytes} bytes (UTF-8)`,
    });

    // The feed and its (empty) comments are read once online, as a user would have.
    await goTo(page, '#/feeds');
    const card = page.getByRole('article').filter({ hasText: keyword });
    await card.getByRole('button', { name: `${user.name}님의 피드 보기` }).click();
    const dialog = page.getByRole('dialog', { name: `${user.name}님의 피드` });
    await expect(dialog.getByText('첫 댓글을 작성해보세요!')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Back home: the last answers are the ones the offline page must show.
    await goTo(page, '#/recommendations');
    await expect(hero.getByTestId('current-temperature')).toHaveText(/^-?\d+°$/);
    const temperature = await hero.getByTestId('current-temperature').textContent();
    const outfit = await shownOutfitOf(panel);
    expect(outfit.length).toBeGreaterThanOrEqual(3);
    await expect
      .poll(() =>
        panel.locator('img').evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => i.complete)),
      )
      .toBe(true);
    // Saved within a second of the last answer; the outfit shown is in it, no token or error is.
    await expect
      .poll(async () => (await persistedCache(page))?.text.includes(outfit[0]!) ?? false)
      .toBe(true);
    const saved = (await persistedCache(page))!;
    expect(saved.text).not.toMatch(/accessToken|refreshToken/);
    await expect
      .poll(() =>
        page.evaluate(async (name) => {
          const { caches } = globalThis as unknown as Globals;
          return (await caches.keys()).includes(name) ? (await (await caches.open(name)).keys()).length : 0;
        }, IMAGE_CACHE),
      )
      .toBeGreaterThan(0);
    testInfo.annotations.push({
      type: 'persisted cache after home, feeds and a feed dialog',
      description: `${saved.chars} characters, ${saved.bytes} bytes (UTF-8)`,
    });
    console.log(
      `persisted query cache: home ${home.bytes} bytes; after home, feeds and a feed dialog ${saved.bytes} bytes`,
    );

    // Offline, a reload: the last weather and outfit, photos from the worker's cache, under the notice.
    await context.setOffline(true);
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: '오프라인 상태예요' });
    await expect(notice).toBeVisible();
    await expect(hero.getByTestId('current-temperature')).toHaveText(temperature ?? '');
    expect(await shownOutfitOf(panel)).toEqual(outfit);
    await expect
      .poll(() =>
        panel
          .locator('img')
          .evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0)),
      )
      .toBe(true);
    await expect(page.getByText('오프라인이라 불러올 수 없어요')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('home-offline-390.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await expect(notice).toBeVisible();
    await shot('home-offline-1440');
    await page.setViewportSize(PHONE);

    // Offline, a comment is refused with a Korean message and stays in the box to send later.
    await goTo(page, '#/feeds');
    await card.getByRole('button', { name: `${user.name}님의 피드 보기` }).click();
    await expect(dialog).toBeVisible();
    const commentBox = dialog.getByRole('textbox', { name: '댓글 입력' });
    await commentBox.fill('비 오는 날에도 좋아요');
    await commentBox.press('Enter');
    await expect(
      page.getByText('오프라인 상태라 저장하지 못했어요. 연결되면 다시 시도해주세요.'),
    ).toBeVisible();
    await expect(commentBox).toHaveValue('비 오는 날에도 좋아요');
    await expect(dialog.getByText('첫 댓글을 작성해보세요!')).toBeVisible();
    await shot('comment-offline-390');
    await page.setViewportSize(DESKTOP);
    await shot('comment-offline-1440');
    await page.setViewportSize(PHONE);
    await page.keyboard.press('Escape');

    // Online again: the session is renewed and the notice goes; then the user signs out.
    await context.setOffline(false);
    await expect(notice).toBeHidden();
    await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/#\/auth\/login$/);
    // Nothing of the user is left on the device: no persisted cache, no remembered user, no photos.
    expect(await persistedCache(page)).toBeNull();
    expect(
      await page.evaluate((key) => (globalThis as unknown as Globals).localStorage.getItem(key), USER_KEY),
    ).toBeNull();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as Globals).caches.keys()))
      .not.toContain(IMAGE_CACHE);

    // Offline, opening the home shows the login page and no data of the previous user.
    await context.setOffline(true);
    await goTo(page, '#/recommendations');
    await page.reload();
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
    for (const text of [user.name, outfit[0]!, keyword]) {
      await expect(page.getByText(text, { exact: false })).toHaveCount(0);
    }
    expect(await persistedCache(page)).toBeNull();
    await shot('signed-out-offline-390');
    await context.setOffline(false);
  },
);
