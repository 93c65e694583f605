import { expect, test as base } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import { startServer, type E2EServer } from '../support/server.js';
import { startShop, type Shop } from '../support/shop.js';
import { createUser } from '../support/users.js';

// Link import fetches the shop page from the app server; the shop is on loopback, which only
// LINK_IMPORT_ALLOW_PRIVATE lets through (docs/configuration.md: tests only).
const test = base.extend<object, { shop: Shop; server: E2EServer }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures.
    async ({}, use) => {
      const shop = await startShop();
      await use(shop);
      await shop.close();
    },
    { scope: 'worker' },
  ],
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures.
    async ({}, use) => {
      const server = await startServer({ env: { LINK_IMPORT_ALLOW_PRIVATE: 'true' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

// Journey: paste a shop link, get name, type, attributes and the photo, save the garment with that photo.
test('closet: import a garment from a shop link and save it with the imported photo', async ({
  page,
  server,
  shop,
}, testInfo) => {
  const screenshot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  const user = await createUser(server);
  await signIn(page, user);
  await page.goto('/#/closet');
  await page.getByRole('button', { name: '옷 추가하기' }).click();
  const dialog = page.getByRole('dialog', { name: '옷 추가하기' });
  await dialog.getByRole('button', { name: '링크로 불러오기' }).click();

  // The link step checks the input before asking the server.
  const link = dialog.getByLabel('상품 링크');
  await expect(link).toBeFocused();
  await dialog.getByRole('button', { name: '불러오기' }).click();
  await expect(dialog.getByText('링크를 입력해주세요.')).toBeVisible();
  await link.fill('린넨 셔츠');
  await dialog.getByRole('button', { name: '불러오기' }).click();
  await expect(dialog.getByText('올바른 링크가 아닙니다.')).toBeVisible();

  // A page without a product: a failure toast and the server's reason; the step stays.
  await link.fill(shop.missingUrl);
  await dialog.getByRole('button', { name: '불러오기' }).click();
  await expect(page.getByText('URL에서 옷 정보를 불러올 수 없습니다.')).toBeVisible();
  await expect(dialog.getByText('상품 페이지를 불러오지 못했습니다.')).toBeVisible();
  await screenshot('import-failed');

  // Back keeps the form; then the real product page.
  await dialog.getByRole('button', { name: '뒤로' }).click();
  await expect(dialog.getByLabel('이름', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: '링크로 불러오기' }).click();
  await dialog.getByLabel('상품 링크').fill(`  ${shop.productUrl}  `);
  await dialog.getByRole('button', { name: '불러오기' }).click();
  await expect(page.getByText('URL에서 옷 정보를 불러왔습니다.')).toBeVisible();

  // Back on the form: name, type, attributes and a preview of the photo copied to our origin.
  await expect(dialog.getByLabel('이름', { exact: true })).toHaveValue('린넨 오버핏 셔츠');
  await expect(dialog.getByRole('combobox', { name: '종류' })).toHaveText('상의');
  await expect(dialog.getByRole('combobox', { name: '색상' })).toHaveText('네이비');
  await expect(dialog.getByRole('combobox', { name: '소재' })).toHaveText('린넨');
  const preview = dialog.getByAltText('선택한 사진 미리보기');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  expect(shop.imageHits()).toBe(1);
  await screenshot('import-filled');

  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/clothes') && res.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: '등록' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  // The imported photo went up with the garment as a multipart `image` part.
  expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data/);
  const body = (await response.json()) as {
    imageUrl: string | null;
    attributes: { definitionName: string; value: string }[];
  };
  expect(body.imageUrl).toMatch(/^\/files\//);
  expect(Object.fromEntries(body.attributes.map((a) => [a.definitionName, a.value]))).toMatchObject({
    색상: '네이비',
    소재: '린넨',
  });

  await expect(page.getByText('옷장에 등록되었습니다.')).toBeVisible();
  const card = page.getByRole('article', { name: '린넨 오버핏 셔츠' });
  await expect(card).toContainText('상의');
  await expect(card).toContainText('네이비');
  const photo = card.getByRole('img', { name: '린넨 오버핏 셔츠', exact: true });
  await expect
    .poll(() => photo.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  // The browser itself never talked to the shop: the photo was fetched by the server.
  expect(shop.imageHits()).toBe(1);
  await screenshot('imported-card');
});
