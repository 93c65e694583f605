import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { createClothes, createFeed, getWeathers, signInApi } from '../support/api.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { ADMIN, type E2EServer } from '../support/server.js';
import { createUser, newUser } from '../support/users.js';

// The weather home and the friend's feed need a forecast: this journey's server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

const SEOUL = { latitude: 37.5665, longitude: 126.978 };
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

/** Each screen and open dialog: nothing wider than the phone, no axe violation, and a screenshot. */
function screens(page: Page, testInfo: TestInfo, width: number) {
  return async (name: string) => {
    await expectNoHorizontalScroll(page, `${name} ${width}`);
    await expectNoAxeViolations(page, `${name} ${width}`);
    await page.screenshot({ path: testInfo.outputPath(`${width}-${name}.png`) });
  };
}

const tabs = (page: Page) => page.getByRole('navigation', { name: '주요 메뉴' });

/** The dialog covers the whole phone screen (a full-height sheet below 640 px). */
async function expectFullScreen(dialog: Locator, phone: { width: number; height: number }) {
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && [box.x, box.y, Math.round(box.width), Math.round(box.height)]).toEqual([
    0,
    0,
    phone.width,
    phone.height,
  ]);
}

/** Two boxes side by side on one row. */
async function expectSideBySide(first: Locator, second: Locator) {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width - 1).toBe(true);
}

async function phoneContext(browser: Browser, phone: { width: number; height: number }) {
  return browser.newContext({
    viewport: phone,
    isMobile: true,
    hasTouch: true,
    geolocation: SEOUL,
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
  });
}

/** A friend with three garments and one feed, for the feed list, the detail, the profile and the chat. */
async function friendWithFeed(server: E2EServer) {
  const friend = await createUser(server, newUser('friend'));
  const api = await signInApi(server, friend);
  const clothes = [
    await createClothes(api, { name: '네이비 니트', type: 'TOP', image: samplePng(96, [40, 60, 120]) }),
    await createClothes(api, {
      name: '베이지 슬랙스',
      type: 'BOTTOM',
      image: samplePng(96, [200, 180, 140]),
    }),
    await createClothes(api, { name: '흰색 스니커즈', type: 'SHOES' }),
  ];
  const [today] = await getWeathers(api);
  await createFeed(api, {
    weatherId: today!.id,
    clothesIds: clothes.map((c) => c.id),
    content: '한강 산책 코디\n바람이 선선해서 니트를 입었어요.',
  });
  return friend;
}

// Journey on a phone, at 390×844 and at 360×740: sign up and in, the weather home with its outfit, the closet
// and its add sheet, the feeds and a feed's detail with a comment, a profile with its lists, wardrobe and chat,
// one's own profile and the settings, all through the bottom tabs; then an administrator's '더보기'. Every
// screen and dialog fits the width and passes axe.
for (const phone of PHONES) {
  test(`phone ${phone.width}×${phone.height}: bottom tabs, sheets and every screen at full width`, async ({
    browser,
    server,
  }, testInfo) => {
    test.setTimeout(300_000);
    const friend = await friendWithFeed(server);
    const context = await phoneContext(browser, phone);
    const page = await context.newPage();
    const check = screens(page, testInfo, phone.width);
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));

    // Sign up, then sign in: the auth pages fit the phone.
    const user = newUser('phone');
    await page.goto('/#/auth/login');
    await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
    await check('login');
    await page.getByRole('link', { name: '회원가입' }).click();
    await page.getByLabel('이메일').fill(user.email);
    await page.getByLabel('이름').fill(user.name);
    await page.getByLabel('비밀번호', { exact: true }).fill(user.password);
    await page.getByLabel('비밀번호 확인').fill(user.password);
    await check('register');
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page).toHaveURL(/#\/auth\/login$/);

    // A small closet, so that the home has an outfit to show.
    const api = await signInApi(server, user);
    for (const garment of [
      { name: '옥스퍼드 셔츠', type: 'TOP', image: samplePng(96, [150, 190, 230]) },
      { name: '면 반바지', type: 'BOTTOM', image: samplePng(96, [90, 110, 70]) },
      { name: '캔버스 운동화', type: 'SHOES' },
    ])
      await createClothes(api, garment);
    await signIn(page, user);

    // The home: no sidebar, the bottom tabs with '추천' current, the weather and an outfit in two columns.
    await expect(tabs(page).getByRole('link')).toHaveText(['추천', '옷장', '피드', '프로필']);
    await expect(tabs(page).getByRole('link', { name: '추천' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs(page).getByRole('button', { name: '더보기' })).toHaveCount(0);
    const navBox = await tabs(page).boundingBox();
    expect(navBox && [navBox.x, Math.round(navBox.y + navBox.height), navBox.width]).toEqual([
      0,
      phone.height,
      phone.width,
    ]);
    for (const link of await tabs(page).getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box && box.width >= 44 && box.height >= 44).toBe(true);
    }
    await expect(page.getByTestId('current-temperature')).toBeVisible();
    const outfit = page.getByRole('list', { name: '추천 옷 목록' }).getByRole('article');
    // The recommender picks what fits the day: at least a top and a bottom.
    await expect(outfit.nth(1)).toBeVisible();
    await expectSideBySide(outfit.nth(0), outfit.nth(1));
    await check('home');

    // The closet: two columns, and '옷 추가하기' as a full-height sheet.
    await tabs(page).getByRole('link', { name: '옷장' }).click();
    await expect(page).toHaveURL(/#\/closet$/);
    const cards = page.getByRole('list', { name: '옷장' }).getByRole('article');
    await expect(cards).toHaveCount(3);
    await expectSideBySide(cards.nth(0), cards.nth(1));
    await check('closet');
    await page.getByRole('button', { name: '옷 추가하기' }).click();
    const add = page.getByRole('dialog', { name: '옷 추가하기' });
    await expectFullScreen(add, phone);
    await add.getByLabel('이름', { exact: true }).fill('린넨 셔츠');
    await add.getByRole('combobox', { name: '종류', exact: true }).click();
    await page.getByRole('option', { name: '상의', exact: true }).click();
    await check('closet-add');
    await add.getByRole('button', { name: '등록' }).click();
    await expect(page.getByText('옷장에 등록되었습니다.')).toBeVisible();
    await expect(add).toBeHidden();
    await expect(cards).toHaveCount(4);

    // The feeds: one column; the detail is a full-height sheet with its carousel, and takes a comment.
    await tabs(page).getByRole('link', { name: '피드' }).click();
    await expect(page).toHaveURL(/#\/feeds$/);
    const card = page.getByRole('article').filter({ hasText: friend.name });
    await expect(card).toBeVisible();
    const cardBox = await card.boundingBox();
    expect(cardBox && cardBox.width).toBeGreaterThan(phone.width - 40);
    await check('feeds');
    await card.getByRole('button', { name: `${friend.name}님의 피드 보기` }).click();
    const detail = page.getByRole('dialog', { name: `${friend.name}님의 피드` });
    await expectFullScreen(detail, phone);
    await expect(detail.getByRole('group')).toHaveAccessibleName('3벌 중 1번째');
    await expect(detail.getByRole('img', { name: '네이비 니트' })).toBeVisible();
    await detail.getByRole('button', { name: '다음' }).click();
    await expect(detail.getByRole('group')).toHaveAccessibleName('3벌 중 2번째');
    const comment = detail.getByRole('textbox', { name: '댓글 입력' });
    await expect(comment).toBeInViewport();
    await comment.fill('니트 색이 예뻐요!');
    await comment.press('Enter');
    await expect(page.getByText('댓글이 등록되었습니다.')).toBeVisible();
    await expect(detail.getByRole('list', { name: '댓글 목록' })).toContainText('니트 색이 예뻐요!');
    await check('feed-detail');
    await detail.getByRole('button', { name: '닫기' }).first().click();
    await expect(detail).toBeHidden();

    // The friend's profile: the follower list (a sheet), the wardrobe (a bottom sheet) and the chat (a sheet).
    await card.getByRole('link', { name: friend.name }).click();
    await expect(page.getByRole('heading', { name: friend.name, exact: true })).toBeVisible();
    await check('friend-profile');
    await page.getByRole('button', { name: '팔로워 0명' }).click();
    const followers = page.getByRole('dialog', { name: '팔로워' });
    await expectFullScreen(followers, phone);
    await expect(followers.getByText('팔로워이 없습니다.')).toBeVisible();
    await check('followers');
    await page.keyboard.press('Escape');
    await expect(followers).toBeHidden();

    await page.getByRole('button', { name: '옷장 열기' }).click();
    const wardrobe = page.getByRole('region', { name: `${friend.name} 님의 옷장` });
    await expect(wardrobe.getByText('네이비 니트', { exact: true })).toBeVisible();
    await expect(wardrobe.getByRole('img', { name: '네이비 니트' })).toBeVisible();
    const sheet = await wardrobe.boundingBox();
    expect(sheet && [sheet.x, sheet.width]).toEqual([0, phone.width]);
    await check('wardrobe');
    await page.getByRole('button', { name: '닫기', exact: true }).click();
    await expect(page.getByRole('button', { name: '옷장 열기' })).toBeVisible();

    await page.getByRole('button', { name: '메시지 보내기' }).click();
    const chat = page.getByRole('dialog', { name: friend.name });
    await expectFullScreen(chat, phone);
    const message = chat.getByPlaceholder('메시지 입력...');
    await expect(message).toBeFocused();
    await message.fill('안녕하세요, 코디 잘 봤어요');
    // Sending waits for the live connection ('연결 중...' until then): Enter before it does nothing, by design.
    await expect(chat.getByRole('button', { name: '전송' })).toBeEnabled();
    await message.press('Enter');
    await expect(
      chat.getByRole('log', { name: '메시지 목록' }).getByText('안녕하세요, 코디 잘 봤어요'),
    ).toBeVisible();
    await check('chat');
    await chat.getByRole('button', { name: '닫기' }).click();
    await expect(chat).toBeHidden();

    // One's own profile through its tab, then the settings through the avatar menu.
    await tabs(page).getByRole('link', { name: '프로필' }).click();
    await expect(page.getByRole('heading', { name: user.name, exact: true })).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: '프로필' })).toHaveAttribute('aria-current', 'page');
    await check('own-profile');
    await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
    await check('profile-menu');
    await page.getByRole('menuitem', { name: '프로필 수정' }).click();
    await expect(page.getByRole('heading', { name: '프로필 수정' })).toBeVisible();
    await expect(page.getByLabel('닉네임')).toHaveValue(user.name);
    await check('settings');

    // The bell's panel fits the phone too.
    await page.getByRole('banner').getByRole('button', { name: /^알림/ }).click();
    await expect(page.getByRole('dialog', { name: '알림' })).toBeVisible();
    await check('notifications');
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
    await context.close();

    // An administrator finds the admin pages behind '더보기'.
    const adminContext = await phoneContext(browser, phone);
    const admin = await adminContext.newPage();
    const checkAdmin = screens(admin, testInfo, phone.width);
    await signIn(admin, ADMIN);
    await expect(tabs(admin).getByRole('link')).toHaveText(['추천', '옷장', '피드', '프로필']);
    await tabs(admin).getByRole('button', { name: '더보기' }).click();
    const more = admin.getByRole('dialog', { name: '관리자 메뉴' });
    await expect(more).toBeVisible();
    await checkAdmin('more');
    await more.getByRole('link', { name: '사용자 관리' }).click();
    await expect(more).toBeHidden();
    await expect(admin).toHaveURL(/#\/admin\/users$/);
    await expect(admin.getByRole('heading', { name: '사용자 관리' })).toBeVisible();
    await expect(admin.getByRole('cell', { name: ADMIN.email, exact: true })).toBeAttached();
    await checkAdmin('admin-users');
    await tabs(admin).getByRole('button', { name: '더보기' }).click();
    await admin.getByRole('dialog', { name: '관리자 메뉴' }).getByRole('link', { name: '속성 관리' }).click();
    await expect(admin.getByRole('heading', { name: '속성 관리' })).toBeVisible();
    await checkAdmin('admin-attributes');
    await admin.getByRole('button', { name: '속성 추가' }).click();
    const attribute = admin.getByRole('dialog', { name: '속성 추가' });
    await expectFullScreen(attribute, phone);
    await checkAdmin('attribute-dialog');
    await admin.keyboard.press('Escape');
    await expect(attribute).toBeHidden();
    await adminContext.close();
  });
}
