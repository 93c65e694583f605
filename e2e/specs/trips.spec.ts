import type { Page } from '@playwright/test';
import { createClothes, signInApi } from '../support/api.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { garmentPng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

// A trip's first days are dressed by the forecast (a loopback Open-Meteo); the later ones by the month's normals.
const test = testWithOpenMeteo();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Today + `n` days in Asia/Seoul, `YYYY-MM-DD`. */
const seoulDay = (n: number) =>
  new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

const CLOSET: [string, string][] = [
  ['네이비 니트', 'TOP'],
  ['화이트 셔츠', 'TOP'],
  ['그레이 맨투맨', 'TOP'],
  ['블랙 긴팔 티셔츠', 'TOP'],
  ['청바지', 'BOTTOM'],
  ['블랙 슬랙스', 'BOTTOM'],
  ['베이지 트렌치코트', 'OUTER'],
  ['블랙 롱패딩', 'OUTER'],
  ['화이트 스니커즈', 'SHOES'],
  ['첼시 부츠', 'SHOES'],
  ['장우산', 'ACCESSORY'],
];

const COLOURS: [number, number, number][] = [
  [40, 60, 110],
  [235, 235, 230],
  [140, 140, 145],
  [30, 30, 30],
  [70, 100, 160],
  [200, 180, 150],
];

const packedStatus = (page: Page) => page.getByText(/^짐 \d+\/\d+개 챙김$/).first();

// Journey: from the closet, '여행 짐 싸기' → '새 여행' finds 해운대구 by name, four days from today + 3 (two forecast days,
// two '평년 기후' days); the trip shows each day's weather and outfit and the packing checklist; a tick is kept across
// a reload and shows in the list ('짐 1/n개 챙김'); the trip is deleted after its question. Phone and desktop.
for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`trips: a packing list by place name over forecast and climate days (${label})`, async ({
    browser,
    server,
  }, testInfo) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport });
    const page = await context.newPage();
    const shot = auditedScreenshotter(page, testInfo, `trips-${label}`);
    const user = newUser('trip');
    await createUser(server, user);
    const api = await signInApi(server, user);
    for (const [i, [name, type]] of CLOSET.entries())
      await createClothes(api, { name, type, image: garmentPng(COLOURS[i % COLOURS.length]!) });

    await signIn(page, user);
    await page.goto('/#/closet');
    await page.getByRole('link', { name: '여행 짐 싸기' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: '여행 짐 싸기' })).toBeVisible();
    await expect(page.getByText('아직 여행이 없어요', { exact: false })).toBeVisible();
    await shot('empty');

    await page.getByRole('button', { name: '새 여행' }).click();
    const dialog = page.getByRole('dialog', { name: '새 여행' });
    await expect(dialog).toBeVisible();
    await shot('new-trip');
    await dialog.getByRole('combobox', { name: '지역 검색' }).fill('해운대구');
    await dialog.getByRole('option', { name: '부산광역시 해운대구', exact: true }).click();
    await expect(dialog.getByText('여행지: 부산광역시 해운대구')).toBeVisible();
    await dialog.getByLabel('가는 날').fill(seoulDay(3));
    await dialog.getByLabel('오는 날').fill(seoulDay(6));
    await shot('new-trip-filled');
    await dialog.getByRole('button', { name: '짐 목록 만들기' }).click();

    // The trip: days with their weather, forecast then normals, and the checklist.
    await expect(page.getByRole('heading', { level: 1, name: '해운대구' })).toBeVisible();
    const days = page
      .getByRole('region', { name: '날짜별 날씨와 코디' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { level: 3 }),
      });
    await expect(days).toHaveCount(4);
    await expect(days.nth(0).getByText('예보', { exact: true })).toBeVisible();
    await expect(days.nth(1).getByText('예보', { exact: true })).toBeVisible();
    await expect(days.nth(2).getByText('평년 기후', { exact: true })).toBeVisible();
    await expect(days.nth(3).getByText('평년 기후', { exact: true })).toBeVisible();
    await expect(days.nth(0).getByText(/최저 -?\d+° \/ 최고 -?\d+°/)).toBeVisible();
    const checklist = page.getByRole('region', { name: '짐 목록' });
    const boxes = checklist.getByRole('checkbox');
    const total = await boxes.count();
    expect(total).toBeGreaterThan(1);
    await expect(packedStatus(page)).toHaveText(`짐 0/${total}개 챙김`);
    await expectNoHorizontalScroll(page, `trip ${label}`);
    await shot('trip');

    // Tick the first piece: kept by the server, seen after a reload and in the list.
    const saved = page.waitForResponse(
      (r) => r.url().includes('/packing/') && r.request().method() === 'PUT',
    );
    await boxes.first().click();
    await expect(boxes.first()).toBeChecked();
    expect((await saved).status()).toBe(200);
    await expect(packedStatus(page)).toHaveText(`짐 1/${total}개 챙김`);
    await page.reload();
    await expect(page.getByRole('region', { name: '짐 목록' }).getByRole('checkbox').first()).toBeChecked();
    await expect(packedStatus(page)).toHaveText(`짐 1/${total}개 챙김`);
    await shot('trip-packed');

    await page.getByRole('link', { name: '여행 목록' }).click();
    const card = page.getByRole('main').getByRole('link', { name: /해운대구/ });
    await expect(card).toContainText(`짐 1/${total}개 챙김`);
    await expect(card).toContainText('4일');
    await shot('list');

    // Delete after its question.
    await card.click();
    await page.getByRole('button', { name: '여행 삭제' }).click();
    const confirm = page.getByRole('alertdialog', { name: '이 여행을 삭제할까요?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, `trips-${label} delete question`);
    await shot('delete');
    await confirm.getByRole('button', { name: '삭제' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '여행 짐 싸기' })).toBeVisible();
    await expect(page.getByText('아직 여행이 없어요', { exact: false })).toBeVisible();
    await context.close();
  });
}
