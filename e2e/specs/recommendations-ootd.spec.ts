import type { Page } from '@playwright/test';
import { createClothes, getAttributeDefs, signInApi } from '../support/api.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { outfitOf } from '../support/outfit.js';
import { signIn } from '../support/login.js';
import { newUser } from '../support/users.js';
import { expectNoAxeViolations } from '../support/axe.js';

// The weather home needs a forecast: this journey's server asks a loopback Open-Meteo (mild, clear days).
const test = testWithOpenMeteo();

const SEOUL = { latitude: 37.5665, longitude: 126.978 };

/** 'M월 D일' of today + n days in Seoul. */
function seoulDayLabel(n: number): string {
  const date = new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000);
  return `${date.getUTCMonth() + 1}월 ${date.getUTCDate()}일`;
}

/** The strip's label and date of the day `n` days from today in Seoul, after 모레: '토요일 11.29.'. */
function seoulStripLabel(n: number): string {
  const date = new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000);
  const weekday = ['일', '월', '화', '수', '목', '금', '토'][date.getUTCDay()];
  return `${weekday}요일 ${date.getUTCMonth() + 1}.${date.getUTCDate()}.`;
}

async function signUpAndIn(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto('/#/auth/register');
  await page.getByLabel('이메일').fill(user.email);
  await page.getByLabel('이름').fill(user.name);
  await page.getByLabel('비밀번호', { exact: true }).fill(user.password);
  await page.getByLabel('비밀번호 확인').fill(user.password);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/#\/auth\/login$/);
  await signIn(page, user);
}

// Journey: a new user fills a small closet, opens the weather home at the browser's location, looks
// through the days, gets an outfit and another one, posts it as an OOTD and opens it from the toast.
test('weather home: five days, outfit for the selected day, another outfit, OOTD posted and opened', async ({
  browser,
  server,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({
    geolocation: SEOUL,
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
  });
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  const page = await context.newPage();
  // Each screenshot is of a new screen or dialog: it must pass axe first.
  const shot = async (name: string) => {
    await expectNoAxeViolations(page, name);
    return page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  };
  // No prompt is expected: the browser knows where it is.
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });

  const user = newUser('ootd');
  await signUpAndIn(page, user);

  // A small closet, two of each so that '다른 옷 추천' has somewhere to go.
  const api = await signInApi(server, user);
  const defs = await getAttributeDefs(api);
  const attr = (name: string, value: string) => ({
    definitionId: defs.find((d) => d.name === name)!.id,
    value,
  });
  const closet = [
    {
      name: '옥스퍼드 긴팔 셔츠',
      type: 'TOP',
      attributes: [attr('색상', '스카이블루'), attr('두께', '보통')],
      image: samplePng(96, [150, 190, 230]),
    },
    { name: '라운드 니트', type: 'TOP', attributes: [attr('색상', '아이보리'), attr('소재', '니트')] },
    {
      name: '와이드 데님 팬츠',
      type: 'BOTTOM',
      attributes: [attr('색상', '블루'), attr('소재', '데님')],
      image: samplePng(96, [60, 90, 150]),
    },
    { name: '베이지 치노 팬츠', type: 'BOTTOM', attributes: [attr('색상', '베이지')] },
    {
      name: '트렌치 코트',
      type: 'OUTER',
      attributes: [attr('색상', '베이지'), attr('계절', '가을')],
      image: samplePng(96, [190, 160, 110]),
    },
    { name: '라이트 가디건', type: 'OUTER', attributes: [attr('두께', '얇음')] },
    { name: '화이트 스니커즈', type: 'SHOES', attributes: [attr('색상', '화이트')] },
    { name: '브라운 로퍼', type: 'SHOES', attributes: [attr('색상', '브라운'), attr('소재', '가죽')] },
  ];
  for (const garment of closet) await createClothes(api, garment);
  await page.reload();

  // The place from the browser's geolocation, the five days, today selected.
  const hero = page.getByRole('region', { name: /서울특별시/ });
  await expect(hero).toBeVisible();
  await expect(hero.getByTestId('location-name')).toHaveText(/^서울특별시 중구/);
  await expect(hero.getByTestId('current-temperature')).toHaveText(/^-?\d+°$/);
  await expect(hero).toContainText(/어제보다 [+-]\d+|어제와 같아요/);
  await expect(hero).toContainText(/최저 -?\d+°/);
  await expect(hero).toContainText(/최고 -?\d+°/);
  await expect(hero).toContainText(/\d+%/);
  await expect(hero).toContainText(/\d+(\.\d)?m\/s/);
  await expect(hero).toContainText(/약한 바람|보통 바람|강한 바람/);
  await expect(hero).toContainText(/\d+(\.\d)?mm/);
  await expect(hero.getByText('예보 서버에 연결할 수 없어 평년값으로 추정했어요')).toHaveCount(0);
  const strip = hero.getByRole('list', { name: '5일 예보' });
  const days = strip.getByRole('button');
  await expect(days).toHaveCount(5);
  await expect(days.nth(0)).toContainText('오늘');
  await expect(days.nth(1)).toContainText('내일');
  await expect(days.nth(2)).toContainText('모레');
  // Every day is named (docs/product.md §2): after 모레 the day of the week, over its date.
  await expect(days.nth(3)).toHaveAccessibleName(new RegExp(`^${seoulStripLabel(3)}`));
  await expect(days.nth(4)).toHaveAccessibleName(new RegExp(`^${seoulStripLabel(4)}`));
  await expect(days.nth(0)).toHaveAttribute('aria-pressed', 'true');
  for (const day of await days.all()) await expect(day).toHaveAccessibleName(/최저 -?\d+°\s*최고 -?\d+°$/);

  // The outfit for today, with the recommender's reason.
  const panel = page.getByRole('region', { name: '#추천 OOTD' });
  const first = await outfitOf(panel);
  expect(first.length).toBeGreaterThanOrEqual(3);
  await expect(panel.getByTestId('recommendation-reason')).toContainText(/체감 -?\d+°C/);
  await expect(
    panel
      .getByRole('article', { name: '트렌치 코트' })
      .or(panel.getByRole('article', { name: '라이트 가디건' })),
  ).toHaveCount(1);
  await shot('weather-home');

  // Another outfit for the same day.
  await panel.getByRole('button', { name: '다른 옷 추천' }).click();
  // The mutation's state reaches React a tick after the click, so the new outfit is waited for, not read at once.
  await expect.poll(() => outfitOf(panel)).not.toEqual(first);
  await expect(panel.getByRole('button', { name: '다른 옷 추천' })).toBeEnabled();
  const second = await outfitOf(panel);
  expect(second).not.toEqual(first);

  // Another day: the summary follows it and the outfit reloads for its weather.
  await days.nth(1).click();
  await expect(days.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(days.nth(0)).toHaveAttribute('aria-pressed', 'false');
  await expect(hero).toContainText(`내일${seoulDayLabel(1)}`);
  const outfit = await outfitOf(panel);
  await shot('tomorrow');

  // The OOTD dialog: empty content is refused; a cancelled draft is gone when it opens again.
  await panel.getByRole('button', { name: 'OOTD 등록' }).click();
  const dialog = page.getByRole('dialog', { name: 'OOTD 등록하기' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: '함께 등록할 옷' }).getByRole('listitem')).toHaveCount(
    outfit.length,
  );
  const text = dialog.getByRole('textbox', { name: 'OOTD 설명' });
  await dialog.getByRole('button', { name: '등록', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('1 OOTD에 대한 설명을 입력해주세요.');
  await text.fill('   \n  ');
  await dialog.getByRole('button', { name: '등록', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('1 OOTD에 대한 설명을 입력해주세요.');
  await shot('ootd-dialog-required');
  await text.fill('지워질 초안');
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toBeHidden();
  await panel.getByRole('button', { name: 'OOTD 등록' }).click();
  await expect(text).toHaveValue('');
  await expect(dialog.getByRole('alert')).toHaveText('');

  // Post it; the toast opens the new feed in the detail dialog.
  const content = '  내일 출근룩: 셔츠에 가벼운 겉옷\n아침저녁엔 트렌치까지  ';
  await text.fill(content);
  await shot('ootd-dialog');
  await dialog.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByText('OOTD 등록이 완료되었습니다.')).toBeVisible();
  // The pointer rests on the toast, as a person reaching for its button does, which pauses its 4 s timer while the
  // audit and the screenshot run (a busy machine once spent the whole 4 s on them and the toast left unclicked).
  const openFeed = page.getByRole('button', { name: '등록된 피드 확인' });
  await openFeed.hover();
  await expect(dialog).toBeHidden();
  await shot('ootd-toast');
  await openFeed.click();
  const feed = page.getByRole('dialog', { name: `${user.name}님의 피드` });
  await expect(feed).toBeVisible();
  await expect(feed.getByText(content.trim(), { exact: true })).toBeVisible();
  await expect(feed.getByRole('group')).toHaveAccessibleName(`${outfit.length}벌 중 1번째`);
  await expect(feed.getByText(outfit[0]!).first()).toBeVisible();
  await shot('feed-detail');
  await page.keyboard.press('Escape');
  await expect(feed).toBeHidden();

  // The feed is listed under '내 피드'.
  await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
  await page.getByRole('menuitem', { name: '내 피드' }).click();
  await expect(page.getByRole('article').filter({ hasText: '내일 출근룩' })).toHaveCount(1);

  expect(prompts).toEqual([]);
  await context.close();
});
