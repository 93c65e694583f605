import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser } from '../support/users.js';

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
  await choose(page, dialog, '계절', '봄');
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
  await expect(jeans.getByText('No Image')).toBeVisible();
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
  await expect(dialog.getByRole('combobox', { name: '계절' })).toHaveText('봄');
  await expect(dialog.getByAltText('선택한 사진 미리보기')).toBeVisible();
  await dialog.getByLabel('이름', { exact: true }).fill('옥스포드 오버셔츠');
  await choose(page, dialog, '종류', '아우터');
  await choose(page, dialog, '계절', '선택 안 함');
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
