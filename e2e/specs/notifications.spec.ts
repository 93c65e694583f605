import type { Browser, Page } from '@playwright/test';
import { createFeed, getWeathers, signInApi, type ApiSession } from '../support/api.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

/** The window's scroll position, read in the page (the e2e project has no DOM types). */
function scrollTop(): number {
  return (globalThis as unknown as { scrollY: number }).scrollY;
}

// Posting a feed needs a stored weather day, so this journey's server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

const SEOUL = { latitude: 37.5665, longitude: 126.978 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A set-up call the journey is not about (a comment, a follow), as the fan. */
async function asUser(session: ApiSession, method: string, path: string, body?: object): Promise<void> {
  const res = await fetch(`${session.server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${session.accessToken}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
}

function context(browser: Browser, viewport: typeof PHONE) {
  const phone = viewport.width < 1024;
  return browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    geolocation: SEOUL,
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
  });
}

const openBell = async (page: Page) => {
  await page.getByRole('button', { name: /^알림/ }).click();
  return page.getByRole('dialog', { name: '알림' });
};

// Issue 22: a notification is no dead end. The author of a feed gets a comment (quoted) and a follow; a tap opens
// the feed's detail, then the follower's profile; both stay under '읽은 알림'. At 390 and 1440, axe clean with
// the panel open.
for (const [label, viewport] of [
  ['390', PHONE],
  ['1440', DESKTOP],
] as const) {
  test(`a tap on a notification opens its feed or profile and keeps it as read (${label})`, async ({
    browser,
    server,
  }, testInfo) => {
    const author = await createUser(server, newUser('author'));
    const fan = await createUser(server, newUser('fan'));
    const authorApi = await signInApi(server, author);
    const fanApi = await signInApi(server, fan);
    const [today] = await getWeathers(authorApi);
    const feed = await createFeed(authorApi, {
      weatherId: today!.id,
      clothesIds: [],
      content: '주말 산책 코디',
    });
    const comment =
      '코트 색이 정말 예뻐요! 어디서 사셨는지 알려주실 수 있나요? 저도 비슷한 걸 찾고 있었거든요';
    await asUser(fanApi, 'POST', `/api/feeds/${feed.id}/comments`, {
      feedId: feed.id,
      authorId: fanApi.userId,
      content: comment,
    });
    await asUser(fanApi, 'POST', '/api/follows', { followeeId: authorApi.userId, followerId: fanApi.userId });

    const ctx = await context(browser, viewport);
    const page = await ctx.newPage();
    const shot = auditedScreenshotter(page, testInfo, label);
    await signIn(page, author);
    await expect(page.getByRole('button', { name: '알림, 읽지 않은 알림 2개' })).toBeVisible();

    // The panel: the comment quoted (cut on one line), the follow with its own icon.
    let panel = await openBell(page);
    const list = panel.getByRole('list', { name: '알림 목록' });
    const commented = list.getByRole('button', { name: /새 댓글/ });
    const followed = list.getByRole('button', { name: /새 팔로워/ });
    await expect(commented).toContainText(comment.slice(0, 40));
    await expect(followed.locator('[data-kind]')).toHaveAttribute('data-kind', 'follow');
    await expect(commented.locator('[data-kind]')).toHaveAttribute('data-kind', 'comment');
    await shot('panel');

    // The comment opens the feed's detail; the count drops.
    await commented.click();
    await expect(page).toHaveURL(new RegExp(`#/feeds\\?feedId=${feed.id}$`));
    const detail = page.getByRole('dialog', { name: `${author.name}님의 피드` });
    await expect(detail).toContainText('주말 산책 코디');
    await expect(detail).toContainText(comment.slice(0, 20));
    await shot('comment-opens-feed');
    await detail.getByRole('button', { name: '닫기' }).click();
    await expect(page).toHaveURL(/#\/feeds$/);
    await expect(page.getByRole('button', { name: '알림, 읽지 않은 알림 1개' })).toBeVisible();

    // The follow opens the follower's profile.
    panel = await openBell(page);
    await panel.getByRole('button', { name: /새 팔로워/ }).click();
    await expect(page).toHaveURL(new RegExp(`#/profiles\\?userId=${fanApi.userId}$`));
    await expect(page.getByRole('heading', { name: fan.name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '알림', exact: true })).toBeVisible();
    await shot('follow-opens-profile');

    // Nothing was deleted: both are under '읽은 알림', and still open their screens.
    panel = await openBell(page);
    await expect(panel.getByText('알림이 없습니다.')).toBeVisible();
    await panel.getByRole('tab', { name: '읽은 알림' }).click();
    const history = panel.getByRole('list', { name: '읽은 알림 목록' });
    await expect(history.getByRole('button')).toHaveCount(2);
    await shot('history');
    await history.getByRole('button', { name: /새 댓글/ }).click();
    await expect(page).toHaveURL(new RegExp(`#/feeds\\?feedId=${feed.id}$`));
    await expect(page.getByRole('dialog', { name: `${author.name}님의 피드` })).toBeVisible();
    await ctx.close();
  });
}

// Issue 22: every screen opened from the tab bar starts at its top, and Back returns to where the user was.
test('a tab change lands at the top; Back returns to the scrolled position (390)', async ({
  browser,
  server,
}, testInfo) => {
  const poster = await createUser(server, newUser('poster'));
  const posterApi = await signInApi(server, poster);
  const [today] = await getWeathers(posterApi);
  for (let i = 1; i <= 8; i++)
    await createFeed(posterApi, { weatherId: today!.id, clothesIds: [], content: `스크롤 확인용 피드 ${i}` });

  const ctx = await context(browser, PHONE);
  const page = await ctx.newPage();
  const shot = auditedScreenshotter(page, testInfo, 'scroll-390');
  await signIn(page, poster);
  const tabs = page.getByRole('navigation', { name: '주요 메뉴' });
  await tabs.getByRole('link', { name: '피드', exact: true }).click();
  // Other journeys' feeds share this server: these eight are the newest.
  await expect(page.getByRole('article').filter({ hasText: '스크롤 확인용 피드 1' })).toBeVisible();

  // Down the feeds, then another tab: it opens at its top.
  await page.getByRole('article').nth(6).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(scrollTop);
  expect(scrolled).toBeGreaterThan(600);
  await tabs.getByRole('link', { name: '프로필', exact: true }).click();
  await expect(page).toHaveURL(/#\/profiles$/);
  await expect(page.getByRole('heading', { name: poster.name, exact: true })).toBeVisible();
  expect(await page.evaluate(scrollTop)).toBe(0);
  await shot('profile-at-top');

  // Back: the feeds where they were.
  await page.goBack();
  await expect(page).toHaveURL(/#\/feeds$/);
  await expect.poll(() => page.evaluate(scrollTop)).toBe(scrolled);
  await shot('feeds-restored');

  // A tab tapped again (a new entry) is a new screen: at its top too.
  // The hash changes before React commits the new screen (a transition): the tab marked current is that commit.
  const recommendations = tabs.getByRole('link', { name: '추천', exact: true });
  await recommendations.click();
  await expect(page).toHaveURL(/#\/recommendations$/);
  await expect(recommendations).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(scrollTop)).toBe(0);
  await ctx.close();
});
