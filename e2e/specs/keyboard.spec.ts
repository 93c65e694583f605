import type { Locator, Page } from '@playwright/test';
import { createClothes, createFeed, getWeathers, signInApi } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { screenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

// A friend's feed needs a stored weather day: this journey's server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

interface Focused {
  /** The focused element's accessible name as the tab order reads it (aria-label, label, text). */
  name: string;
  /** An outline, a ring (box-shadow) or a focus border is drawn on it or on the card around it. */
  visible: boolean;
  tag: string;
}

/** What has the focus now, and whether the focus is drawn. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    type El = {
      tagName: string;
      id: string;
      textContent: string | null;
      parentElement: El | null;
      getAttribute(name: string): string | null;
    };
    const g = globalThis as unknown as {
      document: { activeElement: El | null; getElementById(id: string): El | null };
      getComputedStyle(el: El): { outlineStyle: string; outlineWidth: string; boxShadow: string };
    };
    const el = g.document.activeElement;
    if (!el) return { name: '', visible: false, tag: '' };
    const labelledBy = el.getAttribute('aria-labelledby');
    const label = (el as unknown as { labels?: El[] | null }).labels?.[0];
    const name = (
      el.getAttribute('aria-label') ??
      (labelledBy ? g.document.getElementById(labelledBy)?.textContent : null) ??
      label?.textContent ??
      el.getAttribute('placeholder') ??
      el.textContent ??
      ''
    ).trim();
    // The element itself, or (a stretched card button) the card that draws the ring for it.
    let visible = false;
    for (let node: El | null = el, depth = 0; node && depth < 3; node = node.parentElement, depth++) {
      const style = g.getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      if (outline || style.boxShadow !== 'none') visible = true;
    }
    return { name, visible, tag: el.tagName.toLowerCase() };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focus is on `name`, at most `max` times; every stop on the way
 * shows its focus. Returns the names of the stops.
 */
async function tabTo(page: Page, name: string | RegExp, { max = 40, back = false } = {}): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    let now = await focused(page);
    // The ring is drawn within a frame or two of the key (a headless Chromium can answer the style first).
    for (let wait = 0; !now.visible && wait < 10; wait++) {
      await page.waitForTimeout(100);
      now = await focused(page);
    }
    stops.push(now.name);
    expect(now.visible, `the focus on '${now.name}' (${now.tag}) is drawn`).toBe(true);
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return stops;
  }
  throw new Error(`'${String(name)}' not reached with Tab; stops: ${stops.join(' → ')}`);
}

/** Tab and Shift+Tab 25 times each: the focus never leaves the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
    }
  }
}

// Journey with the keyboard only (no clicks), at 1440: the login page's tab order, sign-up and sign-in, the
// closet's add dialog (a garment added, Escape returns to the opener), a feed's detail with the carousel on the
// arrow keys and a comment, and a chat from the author's profile. Each dialog traps the focus, closes on
// Escape and gives the focus back to what opened it; every stop draws its focus.
test('keyboard only: login, sign-up, closet add dialog, feed detail, comments and chat', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(240_000);
  const friend = await createUser(server, newUser('kbfriend'));
  const apiFriend = await signInApi(server, friend);
  const knit = await createClothes(apiFriend, {
    name: '네이비 니트',
    type: 'TOP',
    image: samplePng(96, [40, 60, 120]),
  });
  const slacks = await createClothes(apiFriend, { name: '베이지 슬랙스', type: 'BOTTOM' });
  const [today] = await getWeathers(apiFriend);
  await createFeed(apiFriend, {
    weatherId: today!.id,
    clothesIds: [knit.id, slacks.id],
    content: '키보드로 보는 코디',
  });

  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const screenshot = screenshotter(page, testInfo);
  const { keyboard } = page;
  const user = newUser('keys');

  // The login page in reading order: logo, ID, password and its eye, '로그인', the social buttons, the links.
  await page.goto('/#/auth/login');
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  const loginStops = await tabTo(page, '회원가입');
  expect(loginStops).toEqual([
    '옷장을 부탁해',
    '아이디',
    '비밀번호',
    '비밀번호 보기',
    '로그인',
    'Google로 로그인',
    '카카오로 로그인',
    '비밀번호를 잊으셨나요?',
    '회원가입',
  ]);
  await screenshot('login-focus');

  // Sign-up: the fields in order, Enter sends.
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/auth\/register$/);
  // The page is drawn before the first Tab: a Tab pressed while the login page is being taken down starts from
  // the document's end (the focus on <body>), as one run on a busy machine showed.
  await expect(page.getByRole('textbox', { name: '이메일' })).toBeVisible();
  await tabTo(page, '이메일');
  await keyboard.type(user.email);
  await tabTo(page, '이름');
  await keyboard.type(user.name);
  await tabTo(page, '비밀번호');
  await keyboard.type(user.password);
  await tabTo(page, '비밀번호 확인');
  await keyboard.type(user.password);
  await screenshot('register-filled');
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/auth\/login$/);

  // Sign-in: the e-mail just registered is there and the focus waits in the password; type it, Enter.
  await expect(page.getByLabel('아이디')).toHaveValue(user.email);
  expect((await focused(page)).name).toBe('비밀번호');
  await keyboard.type(user.password);
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/recommendations$/);

  // The sidebar's '옷장', then the empty closet's add button.
  await tabTo(page, '옷장');
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/closet$/);
  await tabTo(page, '옷 추가하기');
  await keyboard.press('Enter');
  let dialog = page.getByRole('dialog', { name: '옷 추가하기' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
  await expectFocusTrapped(page, dialog);
  await expectNoAxeViolations(page, 'closet add dialog, keyboard');

  // Name, then the type from its list with the arrow keys; '등록' with Enter.
  await tabTo(page, '이름');
  await keyboard.type('키보드 셔츠');
  await tabTo(page, '종류');
  await keyboard.press('Enter');
  await expect(page.getByRole('option', { name: '상의', exact: true })).toBeVisible();
  // The arrow keys walk the list to '상의'.
  const top = page.getByRole('option', { name: '상의', exact: true });
  for (let i = 0; i < 10 && !(await top.evaluate((el) => el === el.ownerDocument.activeElement)); i++)
    await keyboard.press('ArrowDown');
  await expect(top).toBeFocused();
  await keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: '종류', exact: true })).toHaveText('상의');
  await screenshot('add-dialog-keyboard');
  await tabTo(page, '등록');
  await keyboard.press('Enter');
  await expect(page.getByText('옷장에 등록되었습니다.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: '키보드 셔츠' })).toBeVisible();

  // Opened again from the page's button, Escape closes it and the focus is back on that button.
  const addButton = page.getByRole('main').getByRole('button', { name: '옷 추가하기' });
  await tabTo(page, '옷 추가하기');
  await expect(addButton).toBeFocused();
  await keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: '옷 추가하기' });
  await expect(dialog).toBeVisible();
  await keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();

  // The feeds: the card's button opens the detail; the carousel follows the arrow keys.
  await tabTo(page, '피드', { back: true });
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/feeds$/);
  const open = page.getByRole('button', { name: `${friend.name}님의 피드 보기` });
  await expect(open).toBeVisible();
  await tabTo(page, `${friend.name}님의 피드 보기`);
  await screenshot('feed-card-focus');
  await keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: `${friend.name}님의 피드` });
  await expect(detail).toBeVisible();
  expect(await detail.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
  await expectFocusTrapped(page, detail);
  const slide = detail.getByRole('group');
  await tabTo(page, '다음');
  await expect(slide).toHaveAccessibleName('2벌 중 1번째');
  await keyboard.press('ArrowRight');
  await expect(slide).toHaveAccessibleName('2벌 중 2번째');
  await keyboard.press('ArrowLeft');
  await expect(slide).toHaveAccessibleName('2벌 중 1번째');

  // Like with Space, comment with Enter.
  await tabTo(page, '좋아요');
  await keyboard.press('Space');
  await expect(detail.getByRole('button', { name: '좋아요' })).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, '댓글 입력');
  await keyboard.type('키보드로 남기는 댓글');
  await keyboard.press('Enter');
  await expect(page.getByText('댓글이 등록되었습니다.')).toBeVisible();
  await expect(detail.getByRole('list', { name: '댓글 목록' })).toContainText('키보드로 남기는 댓글');
  await screenshot('feed-detail-keyboard');
  await keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(open).toBeFocused();

  // The author's profile from the card, then the chat: the input has the focus, Enter sends, Escape closes.
  await keyboard.press('Tab');
  await expect(page.getByRole('link', { name: friend.name })).toBeFocused();
  await keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: friend.name, exact: true })).toBeVisible();
  await tabTo(page, '메시지 보내기');
  await keyboard.press('Enter');
  const chat = page.getByRole('dialog', { name: friend.name });
  await expect(chat).toBeVisible();
  await expect(chat.getByPlaceholder('메시지 입력...')).toBeFocused();
  await keyboard.type('키보드로 보내는 메시지');
  // Sending waits for the live connection ('연결 중...' until then): Enter before it does nothing, by design.
  await expect(chat.getByRole('button', { name: '전송' })).toBeEnabled();
  await keyboard.press('Enter');
  await expect(
    chat.getByRole('log', { name: '메시지 목록' }).getByText('키보드로 보내는 메시지'),
  ).toBeVisible();
  await expectFocusTrapped(page, chat);
  await expectNoAxeViolations(page, 'chat, keyboard');
  await screenshot('chat-keyboard');
  await keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(page.getByRole('button', { name: '메시지 보내기' })).toBeFocused();

  await context.close();
});
