import { createClothes, createFeed, getWeathers, signInApi } from '../support/api.js';
import { expectNoHorizontalScroll } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { garmentPng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

// The wash hint counts OOTDs, which need a stored weather day to post on: this server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

/** `YYYY-MM-DD` in Seoul, `days` from today. */
const seoulDate = (days: number) =>
  new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

// Journey, on a phone (390) and a desktop (1440), of the closet's life (docs/api.md §10): one tap marks a piece
// '세탁 중' from its card, the badge and the availability filter show it, the garment page lends it out until a
// date and brings it back, a piece worn three times since its last wash gets the gentle hint, and a coat given
// away goes to the '보관함' and comes back from there.
for (const width of [390, 1440]) {
  test(`closet life at ${width}: availability, the wash hint and the archive`, async ({
    browser,
    server,
  }, testInfo) => {
    test.setTimeout(180_000);
    const phone = width < 1024;
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height: phone ? 844 : 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const screenshot = auditedScreenshotter(page, testInfo, String(width));
    const user = await createUser(server, newUser('life'));
    const session = await signInApi(server, user);
    await createClothes(session, {
      name: '베이지 트렌치코트',
      type: 'OUTER',
      image: garmentPng([200, 180, 140]),
    });
    const jeans = await createClothes(session, { name: '와이드 데님', type: 'BOTTOM' });
    await createClothes(session, {
      name: '화이트 셔츠',
      type: 'TOP',
      image: garmentPng([90, 130, 200]),
    });
    const [today] = await getWeathers(session);
    for (let i = 0; i < 3; i++)
      await createFeed(session, { weatherId: today!.id, clothesIds: [jeans.id], content: `데님 ${i + 1}` });

    await signIn(page, user);
    await page.goto('/#/closet');
    const shirt = page.getByRole('article', { name: '화이트 셔츠' });
    await expect(shirt).toBeVisible();

    // One tap from the card's menu: '세탁 중', with a badge over the photo.
    await shirt.getByRole('button', { name: '화이트 셔츠 메뉴' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: '세탁 중' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '보관함으로 옮기기' })).toBeVisible();
    await screenshot('card-menu');
    await menu.getByRole('menuitem', { name: '세탁 중' }).click();
    await expect(page.getByText('‘세탁 중’으로 표시했어요.')).toBeVisible();
    await expect(shirt.getByText('세탁 중')).toBeVisible();
    await expectNoHorizontalScroll(page, `closet ${width}`);
    await screenshot('closet-badge');

    // The availability filter lists only the pieces in that state today.
    await page.getByRole('combobox', { name: '옷 상태 필터' }).click();
    await page.getByRole('option', { name: '세탁 중', exact: true }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(shirt).toBeVisible();
    await page.getByRole('combobox', { name: '옷 상태 필터' }).click();
    await page.getByRole('option', { name: '수선 중', exact: true }).click();
    await expect(page.getByText('‘수선 중’ 상태인 옷이 없어요')).toBeVisible();
    await screenshot('closet-filter-empty');
    await page.getByRole('button', { name: '모든 상태 보기' }).click();
    await expect(page.getByRole('article')).toHaveCount(3);

    // The garment page: lent out until a date, then back.
    await shirt.getByRole('button', { name: '화이트 셔츠 자세히 보기' }).click();
    let sheet = page.getByRole('dialog', { name: '화이트 셔츠' });
    const status = sheet.getByRole('group', { name: '상태 바꾸기' });
    await expect(status.getByRole('button', { name: '세탁 중' })).toHaveAttribute('aria-pressed', 'true');
    const back = seoulDate(3);
    await sheet.getByLabel('돌아오는 날 (선택)').fill(back);
    await status.getByRole('button', { name: '빌려줌' }).click();
    await expect(page.getByText('‘빌려줌’으로 표시했어요.')).toBeVisible();
    await expect(status.getByRole('button', { name: '빌려줌' })).toHaveAttribute('aria-pressed', 'true');
    const [y, m, d] = back.split('-');
    await expect(sheet.getByText(`${y}. ${m}. ${d}.까지`)).toBeVisible();
    await screenshot('garment-lent');
    await status.getByRole('button', { name: '다시 입을 수 있어요' }).click();
    await expect(page.getByText('다시 입을 수 있는 옷이 됐어요.')).toBeVisible();
    await expect(status.getByRole('button', { name: '다시 입을 수 있어요' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(shirt.getByText('빌려줌')).toHaveCount(0);

    // Worn three times since its last wash (never, here): the gentle hint.
    await page
      .getByRole('article', { name: '와이드 데님' })
      .getByRole('button', { name: '와이드 데님 자세히 보기' })
      .click();
    sheet = page.getByRole('dialog', { name: '와이드 데님' });
    await expect(
      sheet.getByText('마지막 세탁 뒤로 3번 입었어요. 세탁할 때가 됐을지도 몰라요.'),
    ).toBeVisible();
    await screenshot('garment-wash-hint');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // The archive: from the garment page, with a reason.
    await page
      .getByRole('article', { name: '베이지 트렌치코트' })
      .getByRole('button', { name: '베이지 트렌치코트 자세히 보기' })
      .click();
    sheet = page.getByRole('dialog', { name: '베이지 트렌치코트' });
    await sheet.getByRole('button', { name: '보관함으로 옮기기' }).click();
    const question = page.getByRole('dialog', { name: '보관함으로 옮길까요?' });
    await expect(question.getByRole('radio', { name: '팔았어요' })).toBeChecked();
    await question.getByRole('radio', { name: '기부했어요' }).check();
    await screenshot('archive-dialog');
    await question.getByRole('button', { name: '보관함으로 옮기기' }).click();
    await expect(page.getByText('보관함으로 옮겼어요.')).toBeVisible();
    await expect(question).toBeHidden();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('article', { name: '베이지 트렌치코트' })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(2);

    // '보관함' lists it with its reason and brings it back.
    await page.getByRole('link', { name: '보관함' }).click();
    await expect(page).toHaveURL(/#\/closet\/archive$/);
    const archived = page.getByRole('article', { name: '베이지 트렌치코트' });
    await expect(archived).toContainText('기부했어요');
    await expectNoHorizontalScroll(page, `archive ${width}`);
    await screenshot('archive-list');
    await archived.getByRole('button', { name: '베이지 트렌치코트 옷장으로 되돌리기' }).click();
    await expect(page.getByText('옷장으로 되돌렸어요.')).toBeVisible();
    await expect(page.getByText('보관함이 비어 있어요')).toBeVisible();
    await screenshot('archive-empty');
    await page.getByRole('link', { name: '옷장', exact: true }).first().click();
    await expect(page.getByRole('article', { name: '베이지 트렌치코트' })).toBeVisible();
    await context.close();
  });
}
