import type { Locator, Page } from '@playwright/test';
import { createClothes, createFeed, getAttributeDefs, getWeathers, signInApi } from '../support/api.js';
import { expectNoHorizontalScroll } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { garmentPng, samplePng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

// The garment page's OOTDs need a stored weather day to post on: this server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The card shows a decoded photo named after the garment, not the placeholder. */
async function expectPhoto(card: Locator, name: string) {
  const img = card.getByRole('img', { name, exact: true });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
}

// Journey: an empty closet; add a garment with a photo and attributes, another without; filter by tab;
// edit one; delete one after the confirmation.
test('closet: add with a photo, filter by type, edit and delete', async ({ page, server }, testInfo) => {
  const screenshot = auditedScreenshotter(page, testInfo);
  const user = await createUser(server);
  await signIn(page, user);
  await page
    .getByRole('navigation', { name: '주요 메뉴' })
    .getByRole('link', { name: '옷장', exact: true })
    .click();
  await expect(page).toHaveURL(/#\/closet$/);

  // Empty wardrobe: a text, a hint and one add button; no filter bar.
  await expect(page.getByText('옷장이 비어 있어요')).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await screenshot('closet-empty');
  await page.getByRole('button', { name: '옷 추가하기' }).click();

  // Add: photo, name, type and two attributes. Submit waits for a name and a type.
  let dialog = page.getByRole('dialog', { name: '옷 추가하기' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: '등록' });
  await expect(submit).toBeDisabled();
  await screenshot('add-dialog-empty');
  await dialog
    .getByLabel('사진 선택')
    .setInputFiles({ name: 'shirt.png', mimeType: 'image/png', buffer: samplePng(320, [60, 120, 200]) });
  await expect(dialog.getByAltText('선택한 사진 미리보기')).toBeVisible();
  await dialog.getByLabel('이름', { exact: true }).fill('옥스포드 셔츠');
  await expect(submit).toBeDisabled();
  await choose(page, dialog, '종류', '상의');
  await dialog.getByRole('group', { name: '계절' }).getByRole('checkbox', { name: '봄' }).check();
  await choose(page, dialog, '색상', '스카이블루');
  await expect(submit).toBeEnabled();
  await screenshot('add-dialog-filled');
  await submit.click();
  await expect(page.getByText('옷장에 등록되었습니다.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const shirt = page.getByRole('article', { name: '옥스포드 셔츠' });
  await expect(shirt).toContainText('상의');
  await expect(shirt).toContainText('봄');
  await expect(shirt).toContainText('스카이블루');
  await expectPhoto(shirt, '옥스포드 셔츠');

  // A second garment without a photo shows the placeholder; the dialog starts empty again.
  await page.getByRole('button', { name: '옷 추가하기' }).click();
  dialog = page.getByRole('dialog', { name: '옷 추가하기' });
  await expect(dialog.getByLabel('이름', { exact: true })).toHaveValue('');
  await expect(dialog.getByAltText('선택한 사진 미리보기')).toHaveCount(0);
  await dialog.getByLabel('이름', { exact: true }).fill('와이드 데님 팬츠');
  await choose(page, dialog, '종류', '하의');
  await dialog.getByRole('button', { name: '등록' }).click();
  await expect(page.getByText('옷장에 등록되었습니다.').first()).toBeVisible();
  const jeans = page.getByRole('article', { name: '와이드 데님 팬츠' });
  await expect(jeans.getByRole('img', { name: '와이드 데님 팬츠 사진 없음' })).toBeVisible();
  await expect(jeans.getByText('사진 없음')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await screenshot('closet-two');

  // Tabs: 전체 and every type, SCARF included.
  const tabs = page.getByRole('tablist', { name: '옷 종류 필터' }).getByRole('tab');
  await expect(tabs).toHaveText([
    '전체',
    '상의',
    '하의',
    '원피스',
    '아우터',
    '속옷',
    '액세서리',
    '신발',
    '양말',
    '모자',
    '가방',
    '스카프',
    '기타',
  ]);
  await page.getByRole('tab', { name: '하의' }).click();
  await expect(page.getByRole('tab', { name: '하의' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(jeans).toBeVisible();
  await page.getByRole('tab', { name: '스카프' }).click();
  await expect(page.getByText('검색 결과가 없습니다')).toBeVisible();
  await expect(page.getByText('다른 카테고리를 선택해보세요.')).toBeVisible();
  await screenshot('closet-filter-empty');
  await page.getByRole('tab', { name: '전체' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);

  // Search by name.
  await page.getByPlaceholder('옷 이름 검색').fill('데님');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByPlaceholder('옷 이름 검색').fill('');
  await expect(page.getByRole('article')).toHaveCount(2);

  // Edit: the form is prefilled; change the name, the type and one attribute.
  await shirt.getByRole('button', { name: '옥스포드 셔츠 메뉴' }).click();
  await page.getByRole('menuitem', { name: '수정' }).click();
  dialog = page.getByRole('dialog', { name: '옷 수정하기' });
  await expect(dialog.getByLabel('이름', { exact: true })).toHaveValue('옥스포드 셔츠');
  await expect(dialog.getByRole('combobox', { name: '종류' })).toHaveText('상의');
  const spring = dialog.getByRole('group', { name: '계절' }).getByRole('checkbox', { name: '봄' });
  await expect(spring).toBeChecked();
  await expect(dialog.getByAltText('선택한 사진 미리보기')).toBeVisible();
  await dialog.getByLabel('이름', { exact: true }).fill('옥스포드 오버셔츠');
  await choose(page, dialog, '종류', '아우터');
  await spring.uncheck();
  await screenshot('edit-dialog');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('옷 정보가 수정되었습니다.')).toBeVisible();
  const overshirt = page.getByRole('article', { name: '옥스포드 오버셔츠' });
  await expect(overshirt).toContainText('아우터');
  await expect(overshirt).not.toContainText('봄');
  await expect(overshirt).toContainText('스카이블루');
  await expectPhoto(overshirt, '옥스포드 오버셔츠');

  // Delete, after the confirmation; cancelling keeps it.
  await jeans.getByRole('button', { name: '와이드 데님 팬츠 메뉴' }).click();
  await page.getByRole('menuitem', { name: '삭제' }).click();
  const confirm = page.getByRole('alertdialog', { name: '옷 삭제' });
  await expect(confirm).toContainText(
    '이 옷을 삭제하시겠습니까? 삭제하면 되돌릴 수 없으며, 옷 정보가 영구적으로 삭제됩니다.',
  );
  await screenshot('delete-confirm');
  await confirm.getByRole('button', { name: '취소' }).click();
  await expect(jeans).toBeVisible();
  await jeans.getByRole('button', { name: '와이드 데님 팬츠 메뉴' }).click();
  await page.getByRole('menuitem', { name: '삭제' }).click();
  await page.getByRole('alertdialog', { name: '옷 삭제' }).getByRole('button', { name: '삭제' }).click();
  await expect(page.getByText('옷이 삭제되었습니다.')).toBeVisible();
  await expect(jeans).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(1);

  // The list is the server's: a reload shows the same closet.
  await page.reload();
  await expect(page.getByRole('article', { name: '옥스포드 오버셔츠' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await screenshot('closet-final');
});

// Journey, on a phone (390: a bottom sheet) and a desktop (1440: a dialog): a garment worn in two OOTDs opens
// its page from a tap on the card; the page shows its wear; editing (by keyboard) gives it a brand, a size,
// notes and two seasons; an OOTD tile opens that feed.
for (const width of [390, 1440]) {
  test(`garment page at ${width}: wear record, edit details and seasons, open an OOTD`, async ({
    browser,
    server,
  }, testInfo) => {
    const phone = width < 640;
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height: phone ? 844 : 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const screenshot = auditedScreenshotter(page, testInfo, `garment-${width}`);
    const user = await createUser(server, newUser('garment'));
    const session = await signInApi(server, user);
    const coat = await createClothes(session, {
      name: '트렌치 코트',
      type: 'OUTER',
      image: garmentPng([196, 170, 128]),
    });
    const jeans = await createClothes(session, { name: '청바지', type: 'BOTTOM' });
    const [today] = await getWeathers(session);
    await createFeed(session, {
      weatherId: today!.id,
      clothesIds: [coat.id, jeans.id],
      content: '첫 트렌치',
    });
    await createFeed(session, { weatherId: today!.id, clothesIds: [coat.id], content: '비 오는 날 트렌치' });
    expect((await getAttributeDefs(session)).some((d) => d.name === '계절')).toBe(true);

    await signIn(page, user);
    await page.goto('/#/closet');
    const card = page.getByRole('article', { name: '트렌치 코트' });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: '트렌치 코트 자세히 보기' }).click();

    const garment = page.getByRole('dialog', { name: '트렌치 코트' });
    await expect(garment).toBeVisible();
    await expect(garment).toContainText('2번 입음');
    await expect(garment).toContainText('마지막 착용');
    const tiles = garment.getByRole('button', { name: /OOTD 보기$/ });
    await expect(tiles).toHaveCount(2);
    const box = await garment.boundingBox();
    if (phone) {
      // A sheet from the bottom edge, not the whole screen.
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
      expect(box?.y ?? 0).toBeGreaterThan(0);
    } else {
      // A card in the middle of the screen.
      expect(box?.x ?? 0).toBeGreaterThan(100);
    }
    await screenshot('page');
    await expectNoHorizontalScroll(page, `garment page ${width}`);

    // Edit by keyboard: brand, size, notes typed; two seasons ticked with Space; Enter saves.
    await garment.getByRole('button', { name: '수정' }).click();
    const edit = page.getByRole('dialog', { name: '옷 수정하기' });
    await expect(edit).toBeVisible();
    const seasons = edit.getByRole('group', { name: '계절' });
    await seasons.getByRole('checkbox', { name: '봄' }).focus();
    await page.keyboard.press('Space');
    await seasons.getByRole('checkbox', { name: '가을' }).focus();
    await page.keyboard.press('Space');
    await expect(seasons.getByRole('checkbox', { name: '봄' })).toBeChecked();
    await expect(seasons.getByRole('checkbox', { name: '가을' })).toBeChecked();
    await edit.getByRole('textbox', { name: '메모' }).focus();
    await page.keyboard.type('드라이클리닝만');
    await edit.getByRole('textbox', { name: '브랜드' }).focus();
    await page.keyboard.type('버버리');
    await page.keyboard.press('Tab');
    await expect(edit.getByRole('textbox', { name: '사이즈' })).toBeFocused();
    await page.keyboard.type('95');
    await screenshot('edit');
    await page.keyboard.press('Enter');
    await expect(page.getByText('옷 정보가 수정되었습니다.').first()).toBeVisible();
    await expect(edit).toBeHidden();

    // The page shows what was saved; so does a reload.
    await expect(garment).toContainText('봄, 가을');
    await expect(garment).toContainText('버버리');
    await expect(garment).toContainText('95');
    await expect(garment).toContainText('드라이클리닝만');
    await screenshot('page-edited');

    // An OOTD tile opens its feed over the page; closing it comes back to the page.
    await tiles.first().click();
    const feed = page.getByRole('dialog').filter({ hasText: '비 오는 날 트렌치' });
    await expect(feed).toBeVisible();
    await screenshot('feed');
    await page.keyboard.press('Escape');
    await expect(feed).toBeHidden();
    await expect(garment).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(garment).toBeHidden();

    // Focus is back on the card's button; the garment without a photo shows the Korean placeholder.
    await expect(card.getByRole('button', { name: '트렌치 코트 자세히 보기' })).toBeFocused();
    const jeansCard = page.getByRole('article', { name: '청바지' });
    await expect(jeansCard.getByRole('img', { name: '청바지 사진 없음' })).toBeVisible();
    await expect(jeansCard.getByText('사진 없음')).toBeVisible();

    await page.reload();
    await page.getByRole('button', { name: '트렌치 코트 자세히 보기' }).click();
    await expect(page.getByRole('dialog', { name: '트렌치 코트' })).toContainText('봄, 가을');
    await context.close();
  });
}
