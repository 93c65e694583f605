import type { Locator, Page } from '@playwright/test';
import { createClothes, getAttributeDefs, signInApi } from '../support/api.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { expectFreshOutfit, outfitOf } from '../support/outfit.js';
import { signIn } from '../support/login.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { screenshotter } from '../support/screenshots.js';
import { newUser, type TestUser } from '../support/users.js';

// The weather home needs a forecast: this journey's server asks a loopback Open-Meteo (mild days, a wide
// daily range, so the recommender dresses for the cool morning with an outer).
const test = testWithOpenMeteo();

const SEOUL = { latitude: 37.5665, longitude: 126.978 };
// The closet's only outer: taken out, no other can stand in for it, so its absence and return are certain.
const COAT = '트렌치 코트';

async function signUpAndIn(page: Page, user: TestUser) {
  await page.goto('/#/auth/register');
  await page.getByLabel('이메일').fill(user.email);
  await page.getByLabel('이름').fill(user.name);
  await page.getByLabel('비밀번호', { exact: true }).fill(user.password);
  await page.getByLabel('비밀번호 확인').fill(user.password);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/#\/auth\/login$/);
  await signIn(page, user);
}

// Journey: a new user with a small closet opens the weather home, reads why each piece was chosen (shown on the
// desktop, behind '추천 이유' on the phone), takes the coat out of today's outfit ('이 옷 빼기'), sees the next
// outfits go without it, and puts it back: from the toast at 1440 px, from '오늘 뺀 옷' at 390 px.
test("recommendation reasons: each piece says why, '이 옷 빼기' takes it out of the day, undo brings it back", async ({
  browser,
  server,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({
    geolocation: SEOUL,
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  const page = await context.newPage();
  // The viewport as seen (1440×900, then 390×844), scrolled to what the step is about.
  const shot = screenshotter(page, testInfo);

  const user = newUser('reasons');
  await signUpAndIn(page, user);

  const api = await signInApi(server, user);
  const defs = await getAttributeDefs(api);
  const attr = (name: string, value: string) => {
    const def = defs.find((d) => d.name === name);
    if (!def) throw new Error(`no attribute ${name}`);
    return { definitionId: def.id, value };
  };
  const closet = [
    {
      name: '옥스퍼드 긴팔 셔츠',
      type: 'TOP',
      attributes: [attr('색상', '스카이블루'), attr('두께', '보통')],
      image: samplePng(96, [150, 190, 230]),
    },
    { name: '라운드 니트', type: 'TOP', attributes: [attr('색상', '아이보리'), attr('소재', '니트')] },
    { name: '와이드 데님 팬츠', type: 'BOTTOM', attributes: [attr('색상', '블루'), attr('소재', '데님')] },
    { name: '베이지 치노 팬츠', type: 'BOTTOM', attributes: [attr('색상', '베이지')] },
    {
      name: COAT,
      type: 'OUTER',
      attributes: [attr('색상', '베이지'), attr('계절', '가을'), attr('두께', '보통')],
      image: samplePng(96, [190, 160, 110]),
    },
    { name: '화이트 스니커즈', type: 'SHOES', attributes: [attr('색상', '화이트')] },
    { name: '브라운 로퍼', type: 'SHOES', attributes: [attr('색상', '브라운'), attr('소재', '가죽')] },
  ];
  for (const garment of closet) await createClothes(api, garment);
  await page.reload();

  const panel = page.getByRole('region', { name: '#추천 OOTD' });
  const outfit = await outfitOf(panel);
  expect(outfit).toContain(COAT);
  const cards = panel.getByRole('list', { name: '추천 옷 목록' }).getByRole('article');

  // Desktop: every piece shows its reason under the card, with no disclosure in the way.
  for (const card of await cards.all()) {
    await expect(card.getByTestId('piece-reason')).toBeVisible();
    await expect(card.getByTestId('piece-reason')).toHaveText(/^추천 이유: \S/);
  }
  await expect(panel.getByRole('button', { name: '추천 이유' })).toHaveCount(0);
  // e.g. '체감 15°C · 가벼운 베이지 트렌치': the weather, then the piece by its colour and kind.
  await expect(panel.getByRole('article', { name: COAT }).getByTestId('piece-reason')).toHaveText(
    /°C · .*트렌치/,
  );
  await cards.last().scrollIntoViewIfNeeded();
  await shot('desktop-reasons');

  // '이 옷 빼기': the card goes, the day's outfit is asked again without it, and '오늘 뺀 옷' names it.
  await panel.getByRole('article', { name: COAT }).getByRole('button', { name: '이 옷 빼기' }).click();
  const toast = page.getByRole('listitem').filter({ hasText: '오늘 추천에서 뺐어요' });
  await expect(toast).toBeVisible();
  // The toast closes after 4 s; the pointer resting on it holds it open (as a user reaching for 되돌리기 does).
  await toast.hover();
  await expect(panel.getByRole('article', { name: COAT })).toHaveCount(0);
  expect(await outfitOf(panel)).not.toContain(COAT);
  const taken = panel.getByRole('region', { name: '오늘 뺀 옷' });
  await expect(taken.getByRole('listitem')).toHaveText([new RegExp(`^${COAT}`)]);
  await taken.evaluate((row) => row.scrollIntoView({ block: 'center' }));
  await shot('desktop-excluded');

  // Undo from the toast: the coat is back in the outfit and no longer listed as taken out.
  await toast.getByRole('button', { name: '되돌리기', exact: true }).click();
  await expect(panel.getByRole('article', { name: COAT })).toHaveCount(1);
  await expect(taken).toHaveCount(0);

  // Phone: the reasons wait behind '추천 이유' on each card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards.first()).toBeVisible();
  const disclosures = panel.getByRole('button', { name: '추천 이유' });
  await expect(disclosures).toHaveCount(await cards.count());
  const coatCard = panel.getByRole('article', { name: COAT });
  const coatReason = coatCard.getByTestId('piece-reason');
  const coatDisclosure = coatCard.getByRole('button', { name: '추천 이유' });
  await expect(coatReason).toBeHidden();
  await expect(coatDisclosure).toHaveAttribute('aria-expanded', 'false');
  await coatDisclosure.click();
  await expect(coatDisclosure).toHaveAttribute('aria-expanded', 'true');
  await expect(coatReason).toBeVisible();
  await expect(coatReason).toContainText('트렌치');
  await coatCard.scrollIntoViewIfNeeded();
  await shot('phone-reasons');

  // Taken out again; '다른 옷 추천' gives the next outfit, which goes without it too.
  await coatCard.getByRole('button', { name: '이 옷 빼기' }).click();
  await expect(coatCard).toHaveCount(0);
  await expect(taken.getByRole('listitem')).toHaveText([new RegExp(`^${COAT}`)]);
  await panel.getByRole('button', { name: '다른 옷 추천' }).click();
  await expect(panel.getByRole('button', { name: '다른 옷 추천' })).toBeEnabled();
  expect(await outfitOf(panel)).not.toContain(COAT);
  // At the page's foot the toast sits over the row until it closes.
  await expect(toast).toHaveCount(0);
  await taken.evaluate((row) => row.scrollIntoView({ block: 'center' }));
  await shot('phone-excluded');

  // A reload keeps it out (the server's excludedClothesIds) and still names it, from the closet.
  await page.reload();
  expect(await outfitOf(panel)).not.toContain(COAT);
  await expect(taken.getByRole('listitem')).toHaveText([new RegExp(`^${COAT}`)]);

  // Undo from '오늘 뺀 옷'.
  await taken.getByRole('button', { name: `되돌리기: ${COAT}` }).click();
  await expect(panel.getByRole('article', { name: COAT })).toHaveCount(1);
  await expect(taken).toHaveCount(0);

  await context.close();
});

/** Each card of the outfit with the element it is, to tell a card kept in place from one drawn again. */
async function cardsOf(panel: Locator) {
  const list = await expectFreshOutfit(panel);
  return list.getByRole('article').evaluateAll((cards) =>
    cards.map((card, i) => {
      // A mark set on each card element: a card drawn again loses it.
      const element = card as unknown as { dataset: Record<string, string> };
      element.dataset.seen ??= String(i);
      return { name: card.getAttribute('aria-label') ?? '', seen: element.dataset.seen };
    }),
  );
}

// Journey: with two pieces of each kind, taking one out swaps only that card (the others are the same elements,
// in place), the outfit of today stays the same after looking at tomorrow and back, and the panel passes axe
// with Label in Name at 1440 and 390 px.
test("'이 옷 빼기' swaps only that piece, and today's outfit stays after looking at another day", async ({
  browser,
  server,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({
    geolocation: SEOUL,
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  const page = await context.newPage();
  const shoot = screenshotter(page, testInfo, 'swap');
  // The panel (and the toast when one is open) must pass axe, Label in Name included, before each screenshot.
  const shot = async (name: string, parts = ['[data-testid="recommendation-panel"]']) => {
    await expectNoAxeViolations(page, `swap-${name} at ${page.viewportSize()?.width ?? '?'}px`, parts);
    await shoot(name);
  };

  const user = newUser('swap');
  await signUpAndIn(page, user);
  const api = await signInApi(server, user);
  const defs = await getAttributeDefs(api);
  const colour = (value: string) => {
    const def = defs.find((d) => d.name === '색상');
    if (!def) throw new Error('no attribute 색상');
    return [{ definitionId: def.id, value }];
  };
  for (const [name, type, value, rgb] of [
    ['트렌치 코트', 'OUTER', '베이지', [190, 160, 110]],
    ['울 자켓', 'OUTER', '네이비', [40, 50, 90]],
    ['옥스퍼드 셔츠', 'TOP', '화이트', [235, 235, 235]],
    ['라운드 니트', 'TOP', '그레이', [150, 150, 150]],
    ['치노 팬츠', 'BOTTOM', '베이지', [200, 180, 140]],
    ['슬랙스', 'BOTTOM', '블랙', [30, 30, 30]],
    ['스니커즈', 'SHOES', '화이트', [240, 240, 240]],
    ['로퍼', 'SHOES', '브라운', [110, 70, 40]],
  ] as const)
    await createClothes(api, { name, type, attributes: colour(value), image: samplePng(96, [...rgb]) });
  await page.reload();

  const panel = page.getByRole('region', { name: '#추천 OOTD' });
  const before = await cardsOf(panel);
  expect(before).toHaveLength(4);
  await shot('desktop-outfit');

  // Today's outfit stays after looking at tomorrow and coming back.
  const days = page.getByRole('list', { name: '5일 예보' }).getByRole('button');
  await days.nth(1).click();
  await expect(days.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('list', { name: '추천 옷 목록' })).toBeVisible();
  await days.nth(0).click();
  await expect(days.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await cardsOf(panel)).map((c) => c.name)).toEqual(before.map((c) => c.name));

  // Take the top out: only its card changes, for the other top; the other cards are the same elements.
  const shown = await cardsOf(panel);
  const topName = shown.find((c) => ['옥스퍼드 셔츠', '라운드 니트'].includes(c.name))!.name;
  const otherTop = topName === '옥스퍼드 셔츠' ? '라운드 니트' : '옥스퍼드 셔츠';
  await panel.getByRole('article', { name: topName }).getByRole('button', { name: '이 옷 빼기' }).click();
  await expect(panel.getByRole('article', { name: otherTop })).toBeVisible();
  const after = await cardsOf(panel);
  expect(after.map((c) => c.name)).toEqual(shown.map((c) => (c.name === topName ? otherTop : c.name)));
  for (const [i, card] of after.entries())
    if (card.name !== otherTop) expect(card.seen, `${card.name} kept its card`).toBe(shown[i]!.seen);
  await page.getByRole('listitem').filter({ hasText: '오늘 추천에서 뺐어요' }).hover();
  await shot('desktop-swapped', ['[data-testid="recommendation-panel"]', '[data-sonner-toaster]']);

  // Phone: the same outfit, the '오늘 뺀 옷' row and its undo, axe clean (the toast let go first).
  await page.mouse.move(0, 0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('listitem').filter({ hasText: '오늘 추천에서 뺐어요' })).toHaveCount(0, {
    timeout: 10_000,
  });
  expect((await cardsOf(panel)).map((c) => c.name)).toEqual(after.map((c) => c.name));
  await panel.getByRole('article', { name: otherTop }).scrollIntoViewIfNeeded();
  await shot('phone-swapped');
  const taken = panel.getByRole('region', { name: '오늘 뺀 옷' });
  await taken.evaluate((row) => row.scrollIntoView({ block: 'center' }));
  await shot('phone-excluded-row');

  // Undo from the row: the top is back in its place, the rest as it was.
  await taken.getByRole('button', { name: `되돌리기: ${topName}` }).click();
  await expect(panel.getByRole('article', { name: topName })).toBeVisible();
  expect((await cardsOf(panel)).map((c) => c.name)).toEqual(shown.map((c) => c.name));

  await context.close();
});
