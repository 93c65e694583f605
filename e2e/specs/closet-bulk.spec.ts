import type { Locator, Page } from '@playwright/test';
import { createFeed, getWeathers, signInApi } from '../support/api.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { garmentPng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { createUser, newUser } from '../support/users.js';

// Posting an OOTD (a wear for the report) needs a stored weather day: this server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

/** Five product photos the analysis reads (type from the file name, colour from the middle) and one that is not a photo. */
const PHOTOS = [
  { name: 'navy-wool-coat.png', rgb: [32, 40, 72] },
  { name: 'black-slacks.png', rgb: [28, 28, 30] },
  { name: 'red-knit.png', rgb: [200, 32, 44] },
  { name: 'brown-leather-jacket.png', rgb: [115, 75, 45] },
  { name: 'skyblue-shirt.png', rgb: [135, 195, 235] },
] as const;

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const card = (scope: Locator, n: number) => scope.getByRole('article', { name: `${n}번째 옷`, exact: true });

// Journey, on a phone (390) and a desktop (1440): a new user adds five garments at once from six files (one is
// not an image and stays as a draft with its error), sets the season of two of them at once, posts one in an OOTD,
// and reads the closet report: charts with their tables, wear counts, season gaps, then exports and imports.
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
    const coat = card(dialog, 1);
    await expect(coat.getByLabel('이름', { exact: true })).toHaveValue('navy wool coat');
    await expect(coat.getByRole('combobox', { name: '종류' })).toHaveText('아우터');
    await expect(coat.getByText('사진에서 찾은 색상: 네이비')).toBeVisible();
    await expect(card(dialog, 2).getByRole('combobox', { name: '종류' })).toHaveText('하의');
    await expect(card(dialog, 6)).toContainText('지원하지 않는 이미지입니다');
    // Edit a draft: a name of one's own, and a season among the other attributes.
    await card(dialog, 3).getByLabel('이름', { exact: true }).fill('빨간 니트');
    await card(dialog, 3).getByRole('button', { name: '속성 편집' }).click();
    await choose(page, card(dialog, 3), '계절', '가을');
    await expect(card(dialog, 3).getByRole('button', { name: '계절 가을 지우기' })).toBeVisible();
    await shot('bulk-drafts');
    await expectNoAxeViolations(page, `bulk add ${width}`);

    await dialog.getByRole('button', { name: '모두 저장' }).click();
    await expect(page.getByText('5벌을 등록했고, 1벌은 등록하지 못했습니다.')).toBeVisible({
      timeout: 30_000,
    });
    // The failed one stays, with its error and its name; the five saved ones left the dialog.
    await expect(dialog.getByRole('article')).toHaveCount(1);
    await expect(card(dialog, 1)).toContainText('지원하지 않는 이미지입니다');
    await expect(card(dialog, 1).getByLabel('이름', { exact: true })).toHaveValue('broken sneakers');
    await expect(card(dialog, 1).getByLabel('이름', { exact: true })).toBeFocused();
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
    await expect(closet.getByRole('article', { name: '빨간 니트' })).toContainText('가을');
    await expect(closet.getByRole('article', { name: 'navy wool coat' })).toContainText('네이비');
    await shot('closet-five');

    // Batch edit: two garments get 겨울 at once.
    await page.getByRole('button', { name: '여러 벌 선택' }).click();
    await page.getByRole('checkbox', { name: '빨간 니트 선택' }).check();
    await page.getByRole('checkbox', { name: 'navy wool coat 선택' }).check();
    const bar = page.getByRole('region', { name: '여러 벌 선택' });
    await expect(bar.getByText('2벌 선택됨')).toBeVisible();
    await shot('select-mode');
    await expectNoAxeViolations(page, `select mode ${width}`);
    await bar.getByRole('button', { name: '선택한 옷 수정' }).click();
    const batch = page.getByRole('dialog', { name: '선택한 옷 한꺼번에 수정하기' });
    await expect(batch).toContainText('선택한 2벌에 같은 종류나 속성 값을 한꺼번에 적용해요.');
    await expect(batch.getByRole('button', { name: '적용' })).toBeDisabled();
    await choose(page, batch, '속성', '계절');
    await choose(page, batch, '값', '겨울');
    await shot('batch-dialog');
    await batch.getByRole('button', { name: '적용' }).click();
    await expect(page.getByText('2벌을 수정했습니다.')).toBeVisible();
    await expect(batch).toBeHidden();
    await expect(closet.getByRole('article', { name: '빨간 니트' })).toContainText('겨울');
    await expect(closet.getByRole('article', { name: '빨간 니트' })).not.toContainText('가을');
    await expect(closet.getByRole('article', { name: 'navy wool coat' })).toContainText('겨울');
    await expect(closet.getByRole('article', { name: 'black slacks' })).not.toContainText('겨울');
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    // One OOTD with the coat: a wear for the report.
    const api = await signInApi(server, user);
    const [today] = await getWeathers(api);
    const listed = await fetch(`${server.url}/api/clothes?ownerId=${api.userId}&limit=20`, {
      headers: { Authorization: `Bearer ${api.accessToken}` },
    });
    const { data } = (await listed.json()) as { data: { id: string; name: string }[] };
    const coatGarment = data.find((c) => c.name === 'navy wool coat');
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
    await expect(colourTable.getByRole('rowheader', { name: '네이비' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: '색상별' }).locator('.recharts-bar-rectangle')).toHaveCount(
      await colourTable.getByRole('rowheader').count(),
    );
    const mostWorn = page.getByRole('region', { name: '가장 많이 입은 옷 1벌' });
    await expect(mostWorn).toContainText('navy wool coat');
    await expect(mostWorn).toContainText('1번 입음');
    await expect(mostWorn).toContainText('마지막으로 입은 날');
    await expect(page.getByRole('region', { name: '한 번도 입지 않은 옷 4벌' })).toContainText('빨간 니트');
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
