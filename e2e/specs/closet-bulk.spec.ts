import type { Locator, Page } from '@playwright/test';
import { createFeed, getWeathers, signInApi } from '../support/api.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { garmentPng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { createUser, newUser } from '../support/users.js';

// Posting an OOTD (a wear for the report) needs a stored weather day: this server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

/**
 * Five photos the analysis reads (the colour from the middle; a type only from a garment word in the file name:
 * English names are translated, camera names tell nothing) and one file that is not a photo.
 */
const PHOTOS = [
  { name: 'navy-wool-coat.png', rgb: [32, 40, 72] },
  { name: 'IMG_1234.png', rgb: [28, 28, 30] },
  { name: 'White_T-Shirt.png', rgb: [200, 32, 44] },
  { name: 'brown-leather-jacket.png', rgb: [115, 75, 45] },
  { name: 'PXL_20231012_081523456.png', rgb: [135, 195, 235] },
] as const;

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const card = (scope: Locator, n: number) => scope.getByRole('article', { name: `${n}번째 옷`, exact: true });
const nameOf = (scope: Locator, n: number) => card(scope, n).getByLabel('이름', { exact: true });

// Journey, on a phone (390) and a desktop (1440): a new user adds five garments at once from six files (camera
// and English file names become Korean names; one file is not an image and stays as a draft with its error), sets
// the type and the season of all drafts at once, changes two attributes of two garments in one batch edit (one
// removal, confirmed), posts one in an OOTD, and reads the closet report: charts with their tables, wear counts,
// season gaps, then exports and imports.
for (const width of [390, 1440]) {
  test(`closet in minutes at ${width}: bulk add, batch edit, the report`, async ({
    browser,
    server,
  }, testInfo) => {
    test.setTimeout(240_000);
    const phone = width < 1024;
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height: phone ? 844 : 900 },
      reducedMotion: 'reduce',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const shot = (name: string, fullPage = false) =>
      page.screenshot({ path: testInfo.outputPath(`${width}-${name}.png`), fullPage });
    const user = await createUser(server, newUser('bulk'));
    await signIn(page, user);
    await page
      .getByRole('navigation', { name: '주요 메뉴' })
      .getByRole('link', { name: '옷장', exact: true })
      .click();
    await expect(page).toHaveURL(/#\/closet$/);
    await expect(page.getByText('옷장이 비어 있어요')).toBeVisible();

    // Bulk add: six files, one draft each, pre-filled by the analysis.
    await page.getByRole('button', { name: '여러 벌 한번에 추가' }).click();
    const dialog = page.getByRole('dialog', { name: '여러 벌 한꺼번에 추가하기' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '모두 저장' })).toBeDisabled();
    if (phone) {
      // Below 640 px the dialog is a full-height sheet.
      const box = await dialog.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(840);
    }
    await shot('bulk-empty');
    await dialog.getByLabel('사진 여러 장 선택').setInputFiles([
      ...PHOTOS.map((p) => ({
        name: p.name,
        mimeType: 'image/png',
        buffer: garmentPng([...p.rgb] as [number, number, number]),
      })),
      {
        name: 'broken-sneakers.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('not a photo at all'.repeat(40)),
      },
    ]);
    await expect(dialog.getByRole('article')).toHaveCount(6);
    await expect(dialog.getByText('사진 분석 중...')).toHaveCount(0, { timeout: 30_000 });
    // English file names become Korean names of the photo's colour; camera names are no names at all.
    await expect(nameOf(dialog, 1)).toHaveValue('네이비 코트');
    await expect(card(dialog, 1).getByRole('combobox', { name: '종류' })).toHaveText('아우터');
    await expect(card(dialog, 1).getByRole('combobox', { name: '색상' })).toHaveText('네이비');
    await expect(nameOf(dialog, 2)).toHaveValue('');
    await expect(card(dialog, 2).getByRole('combobox', { name: '색상' })).toHaveText('블랙');
    await expect(nameOf(dialog, 3)).toHaveValue('레드 티셔츠');
    await expect(card(dialog, 3).getByRole('combobox', { name: '종류' })).toHaveText('상의');
    await expect(nameOf(dialog, 4)).toHaveValue('브라운 가죽 재킷');
    await expect(nameOf(dialog, 5)).toHaveValue('');
    await expect(card(dialog, 6)).toContainText('지원하지 않는 이미지입니다');
    // Compact drafts: a phone shows several at once; the rest is behind '자세히'.
    const height = (await card(dialog, 2).boundingBox())?.height ?? 0;
    expect(height).toBeLessThanOrEqual(210);
    await shot('bulk-drafts');
    await expectNoAxeViolations(page, `bulk add ${width}`);

    // A season of one's own on the third draft, by hand.
    await card(dialog, 3).getByRole('button', { name: '자세히' }).click();
    await expect(card(dialog, 3)).toContainText('파일 이름: White_T-Shirt.png');
    await expect(card(dialog, 3)).toContainText('사진에서 찾은 색상: 레드');
    await choose(page, card(dialog, 3), '계절', '봄');
    await card(dialog, 3).getByRole('button', { name: '자세히' }).click();
    await expect(card(dialog, 3)).toContainText('계절 봄');

    // For all: every draft becomes 상의 and 가을, except the season set by hand.
    await dialog.getByRole('button', { name: '모든 옷에 한꺼번에 지정' }).click();
    const forAll = dialog.getByRole('region', { name: '모든 옷에 한꺼번에 지정' });
    await expect(forAll.getByRole('button', { name: '모든 옷에 적용' })).toBeDisabled();
    await choose(page, forAll, '종류', '상의');
    await choose(page, forAll, '속성', '계절');
    await expect(forAll.getByRole('combobox', { name: '값', exact: true })).toHaveText('값을 선택해주세요');
    await choose(page, forAll, '값', '가을');
    await shot('bulk-for-all');
    await expectNoAxeViolations(page, `bulk add, for all ${width}`);
    await forAll.getByRole('button', { name: '모든 옷에 적용' }).click();
    await expect(forAll.getByRole('status')).toHaveText(
      '6벌에 적용했어요. 1벌은 직접 고친 값을 그대로 두었어요.',
    );
    await expect(nameOf(dialog, 2)).toHaveValue('블랙 상의');
    await expect(nameOf(dialog, 5)).toHaveValue('스카이블루 상의');
    await expect(nameOf(dialog, 1)).toHaveValue('네이비 상의');
    await expect(card(dialog, 3)).toContainText('계절 봄');
    await expect(card(dialog, 2)).toContainText('계절 가을');
    // Fixing a type by hand renames the draft; a typed name stays whatever changes.
    await choose(page, card(dialog, 1), '종류', '아우터');
    await expect(nameOf(dialog, 1)).toHaveValue('네이비 아우터');
    await choose(page, card(dialog, 2), '종류', '하의');
    await expect(nameOf(dialog, 2)).toHaveValue('블랙 하의');
    await nameOf(dialog, 4).fill('엄마가 준 재킷');
    await choose(page, card(dialog, 4), '종류', '아우터');
    await expect(nameOf(dialog, 4)).toHaveValue('엄마가 준 재킷');
    await shot('bulk-named');

    await dialog.getByRole('button', { name: '모두 저장' }).click();
    await expect(page.getByText('5벌을 등록했고, 1벌은 등록하지 못했습니다.')).toBeVisible({
      timeout: 30_000,
    });
    // The failed one stays, with its error and its name; the five saved ones left the dialog.
    await expect(dialog.getByRole('article')).toHaveCount(1);
    await expect(card(dialog, 1)).toContainText('지원하지 않는 이미지입니다');
    await expect(nameOf(dialog, 1)).toHaveValue('상의');
    await expect(nameOf(dialog, 1)).toBeFocused();
    await shot('bulk-one-left');
    // Closing asks first; cancelling keeps the draft, discarding drops it.
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog', { name: '작성 중인 옷을 버릴까요?' });
    await expect(confirm).toContainText('아직 등록하지 않은 옷 1벌이 있어요.');
    await confirm.getByRole('button', { name: '취소' }).click();
    await expect(dialog.getByRole('article')).toHaveCount(1);
    await dialog.getByRole('button', { name: '취소' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '버리기' }).click();
    await expect(dialog).toBeHidden();

    const closet = page.getByRole('list', { name: '옷장' });
    await expect(closet.getByRole('article')).toHaveCount(5);
    await expect(closet.getByRole('article', { name: '레드 티셔츠' })).toContainText('봄');
    await expect(closet.getByRole('article', { name: '네이비 아우터' })).toContainText('가을');
    await expect(closet.getByRole('article', { name: '엄마가 준 재킷' })).toContainText('브라운');
    await shot('closet-five');

    // A search that finds nothing says what was searched, and clears.
    const search = page.getByRole('searchbox', { name: '옷 이름 검색' });
    await search.fill('청바지');
    await expect(page.getByText('‘청바지’와 일치하는 옷이 없어요')).toBeVisible();
    await expect(page.getByText('다른 카테고리를 선택해보세요.')).toHaveCount(0);
    await shot('closet-no-match');
    await expectNoAxeViolations(page, `closet search without match ${width}`);
    await page.getByRole('button', { name: '검색어 지우기' }).click();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(closet.getByRole('article')).toHaveCount(5);

    // Batch edit: two garments get 겨울 and lose their colour, in one batch.
    await page.getByRole('button', { name: '여러 벌 선택' }).click();
    await page.getByRole('checkbox', { name: '레드 티셔츠 선택' }).check();
    await page.getByRole('checkbox', { name: '네이비 아우터 선택' }).check();
    const bar = page.getByRole('region', { name: '여러 벌 선택' });
    await expect(bar.getByText('2벌 선택됨')).toBeVisible();
    await shot('select-mode');
    await expectNoAxeViolations(page, `select mode ${width}`);
    await bar.getByRole('button', { name: '선택한 옷 수정' }).click();
    const batch = page.getByRole('dialog', { name: '선택한 옷 한꺼번에 수정하기' });
    await expect(batch).toContainText('선택한 2벌에 같은 종류나 속성 값을 한꺼번에 적용해요.');
    const apply = batch.getByRole('button', { name: '적용' });
    await expect(apply).toBeDisabled();
    await choose(page, batch, '속성', '계절');
    // No value is assumed: nothing to apply until one is chosen.
    await expect(batch.getByRole('combobox', { name: '값', exact: true })).toHaveText('값을 선택해주세요');
    await expect(apply).toBeDisabled();
    await choose(page, batch, '값', '겨울');
    await expect(apply).toBeEnabled();
    await batch.getByRole('button', { name: '속성 추가' }).click();
    await choose(page, batch, '속성 2', '색상');
    await expect(apply).toBeDisabled();
    await choose(page, batch, '값 2', '값 지우기');
    await shot('batch-dialog');
    await expectNoAxeViolations(page, `batch edit ${width}`);

    // A failure while the bar is shown: its toast stands above the bar, never over its buttons.
    await page.route('**/api/clothes/batch', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await apply.click();
    const clear = page.getByRole('alertdialog', { name: '값을 지울까요?' });
    await expect(clear).toContainText('2벌의 색상 값이 지워져요.');
    await shot('batch-confirm');
    await expectNoAxeViolations(page, `batch edit, clear confirmation ${width}`);
    await clear.getByRole('button', { name: '지우고 적용' }).click();
    const toastBox = page.locator('[data-sonner-toast]').first();
    await expect(toastBox).toBeVisible();
    await batch.getByRole('button', { name: '취소' }).click();
    await expect(batch).toBeHidden();
    const [toastRect, barRect] = await Promise.all([toastBox.boundingBox(), bar.boundingBox()]);
    const apart =
      toastRect!.y + toastRect!.height <= barRect!.y || toastRect!.y >= barRect!.y + barRect!.height;
    expect(apart, JSON.stringify({ toastRect, barRect })).toBe(true);
    await shot('toast-above-bar');
    await page.unroute('**/api/clothes/batch');

    await bar.getByRole('button', { name: '선택한 옷 수정' }).click();
    await choose(page, batch, '속성', '계절');
    await choose(page, batch, '값', '겨울');
    await batch.getByRole('button', { name: '속성 추가' }).click();
    await choose(page, batch, '속성 2', '색상');
    await choose(page, batch, '값 2', '값 지우기');
    await apply.click();
    await clear.getByRole('button', { name: '지우고 적용' }).click();
    await expect(page.getByText('2벌을 수정했습니다.')).toBeVisible();
    await expect(batch).toBeHidden();
    const tee = closet.getByRole('article', { name: '레드 티셔츠' });
    await expect(tee).toContainText('겨울');
    await expect(tee).not.toContainText('봄');
    await expect(closet.getByRole('article', { name: '네이비 아우터' })).toContainText('겨울');
    await expect(closet.getByRole('article', { name: '블랙 하의' })).not.toContainText('겨울');
    await expect(closet.getByRole('article', { name: '블랙 하의' })).toContainText('블랙');
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    // One OOTD with the coat: a wear for the report.
    const api = await signInApi(server, user);
    const [today] = await getWeathers(api);
    const listed = await fetch(`${server.url}/api/clothes?ownerId=${api.userId}&limit=20`, {
      headers: { Authorization: `Bearer ${api.accessToken}` },
    });
    const { data } = (await listed.json()) as { data: { id: string; name: string }[] };
    const coatGarment = data.find((c) => c.name === '네이비 아우터');
    await createFeed(api, { weatherId: today!.id, clothesIds: [coatGarment!.id], content: '첫 코트' });

    // The report, from the closet (the phone's way) or the sidebar (the desktop's).
    if (phone) await page.getByRole('link', { name: '옷장 리포트' }).click();
    else
      await page
        .getByRole('navigation', { name: '주요 메뉴' })
        .getByRole('link', { name: '옷장 리포트' })
        .click();
    await expect(page).toHaveURL(/#\/closet\/report$/);
    await expect(page.getByRole('heading', { level: 1, name: '옷장 리포트' })).toBeVisible();
    await expect(page.getByText('옷 5벌', { exact: true })).toBeVisible();
    const byType = page.getByRole('region', { name: '종류별' });
    await expect(byType.locator('.recharts-bar-rectangle')).toHaveCount(3);
    // The chart's text equivalent: a table with the same numbers, shown on request.
    const typeTable = page.getByRole('table', { name: '종류별' });
    await expect(typeTable.getByRole('row')).toHaveText([
      /종류\s*벌 수\s*비율/,
      /상의\s*2벌\s*40%/,
      /아우터\s*2벌\s*40%/,
      /하의\s*1벌\s*20%/,
    ]);
    await byType.getByRole('button', { name: '표로 보기' }).click();
    await expect(typeTable).toBeVisible();
    const colourTable = page.getByRole('table', { name: '색상별' });
    // The batch removed the colour of two: the navy coat counts no more.
    await expect(colourTable.getByRole('rowheader', { name: '블랙' })).toHaveCount(1);
    await expect(colourTable.getByRole('rowheader', { name: '네이비' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: '색상별' }).locator('.recharts-bar-rectangle')).toHaveCount(
      await colourTable.getByRole('rowheader').count(),
    );
    const mostWorn = page.getByRole('region', { name: '가장 많이 입은 옷 1벌' });
    await expect(mostWorn).toContainText('네이비 아우터');
    await expect(mostWorn).toContainText('1번 입음');
    await expect(mostWorn).toContainText('마지막으로 입은 날');
    await expect(page.getByRole('region', { name: '한 번도 입지 않은 옷 4벌' })).toContainText('레드 티셔츠');
    await expect(
      page.getByRole('region', { name: '이런 날씨엔 입을 옷이 부족해요' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await shot('report', true);
    await expectNoAxeViolations(page, `report ${width}`);
    await expectNoHorizontalScroll(page, `report ${width}`);

    // Export: the ZIP arrives under the server's name.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '옷장 내보내기' }).click();
    expect((await download).suggestedFilename()).toMatch(/^otboo-closet-\d{8}\.zip$/);

    // Import: a CSV with one good row and one the server refuses, said by its row.
    await page.getByLabel('CSV 또는 ZIP 파일 선택').setInputFiles({
      name: 'clothes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,type\n울 머플러,SCARF\n잠옷 바지,잠옷\n'),
    });
    await expect(page.getByText('1벌을 가져왔습니다.').first()).toBeVisible();
    await expect(page.getByText('3행: 알 수 없는 종류입니다: 잠옷')).toBeVisible();
    await expect(page.getByText('옷 6벌', { exact: true })).toBeVisible();
    await shot('report-imported', true);
    await context.close();
  });
}
