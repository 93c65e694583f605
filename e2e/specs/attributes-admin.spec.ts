import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import { ADMIN } from '../support/server.js';
import { expectNoAxeViolations } from '../support/axe.js';

/** Types a value and presses Enter, as an admin adds options. */
async function addOption(input: Locator, value: string) {
  await input.fill(value);
  await input.press('Enter');
}

const rowNames = (page: Page) => page.getByRole('row').locator('td:first-child');

// Journey: an administrator searches and sorts the attributes, adds one with options (IME-safe Enter,
// duplicates refused), edits it, deletes another, and finds the new attribute in the add-clothes form.
test('admin attributes: add with options, edit, delete, and use it in the add-clothes form', async ({
  page,
}, testInfo) => {
  // Each screenshot is of a new screen or dialog: it must pass axe first.
  const screenshot = async (name: string) => {
    await expectNoAxeViolations(page, name);
    return page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  };
  await signIn(page, ADMIN);
  await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '속성 관리' }).click();
  await expect(page).toHaveURL(/#\/admin\/clothes-attributes$/);
  await expect(page.getByRole('heading', { name: '속성 관리' })).toBeVisible();

  // The seeded definitions, by name A to Z; the headers sort.
  await expect(rowNames(page)).toHaveText(['계절', '두께', '방수', '색상', '소재', '스타일']);
  await expect(page.getByRole('row', { name: /색상/ })).toContainText('네이비');
  await screenshot('attributes-list');
  await page.getByRole('button', { name: '속성명' }).click();
  await expect(page.getByRole('columnheader', { name: '속성명' })).toHaveAttribute('aria-sort', 'descending');
  await expect(rowNames(page)).toHaveText(['스타일', '소재', '색상', '방수', '두께', '계절']);
  await page.getByRole('button', { name: '생성일' }).click();
  await expect(page.getByRole('columnheader', { name: '생성일' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('columnheader', { name: '속성명' })).toHaveAttribute('aria-sort', 'none');
  await page.getByRole('button', { name: '속성명' }).click();
  await page.getByRole('button', { name: '속성명' }).click();
  await expect(page.getByRole('columnheader', { name: '속성명' })).toHaveAttribute('aria-sort', 'ascending');

  // Search (debounced).
  await page.getByPlaceholder('속성명 검색').fill('계');
  await expect(rowNames(page)).toHaveText(['계절']);
  await page.getByPlaceholder('속성명 검색').fill('없는속성');
  await expect(page.getByText('설정된 속성값이 없습니다.')).toBeVisible();
  await page.getByPlaceholder('속성명 검색').fill('');
  await expect(rowNames(page)).toHaveCount(6);

  // Add: 600×510; a name and at least one option are required.
  await page.getByRole('button', { name: '속성 추가' }).click();
  let dialog = page.getByRole('dialog', { name: '속성 추가' });
  const box = await dialog.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([600, 510]);
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog.getByText('속성명을 입력해주세요.')).toBeVisible();
  await expect(dialog.getByText('최소 하나의 옵션 값을 추가해주세요.')).toBeVisible();

  await dialog.getByLabel('속성명').fill('핏');
  const option = dialog.getByLabel('선택 가능 값', { exact: true }).and(dialog.locator('input'));
  await addOption(option, '슬림');
  await expect(dialog.getByText('최소 하나의 옵션 값을 추가해주세요.')).toBeHidden();
  await addOption(option, '레귤러');
  // Duplicates are refused whatever the spaces and case; blanks are ignored.
  await addOption(option, '  슬림 ');
  await expect(dialog.getByText('이미 존재하는 옵션입니다.')).toBeVisible();
  await addOption(option, '   ');
  // The Enter that ends an IME composition does not add the value.
  await option.fill('오버');
  await option.dispatchEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true });
  const chips = dialog.getByRole('list', { name: '선택 가능 값' }).getByRole('listitem');
  await expect(chips).toHaveText(['슬림', '레귤러']);
  await option.press('Enter');
  await expect(chips).toHaveText(['슬림', '레귤러', '오버']);
  await expect(option).toHaveValue('');
  await dialog.getByRole('button', { name: '레귤러 삭제' }).click();
  await expect(chips).toHaveText(['슬림', '오버']);
  await screenshot('attribute-add-dialog');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('속성이 성공적으로 추가되었습니다.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const fit = page.getByRole('row', { name: /핏/ });
  await expect(fit.getByRole('listitem')).toHaveText(['슬림', '오버']);

  // A taken name is refused by the server and shown next to the field.
  await page.getByRole('button', { name: '속성 추가' }).click();
  dialog = page.getByRole('dialog', { name: '속성 추가' });
  await expect(dialog.getByLabel('속성명')).toHaveValue('');
  await dialog.getByLabel('속성명').fill('계절');
  await addOption(dialog.getByLabel('선택 가능 값', { exact: true }).and(dialog.locator('input')), '장마');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('속성 추가에 실패했습니다.')).toBeVisible();
  await expect(dialog.getByText('이미 존재하는 속성명입니다.')).toBeVisible();
  await dialog.getByRole('button', { name: '취소' }).click();

  // Edit by clicking the row.
  await fit.click();
  dialog = page.getByRole('dialog', { name: '속성 수정' });
  await expect(dialog.getByLabel('속성명')).toHaveValue('핏');
  await addOption(dialog.getByLabel('선택 가능 값', { exact: true }).and(dialog.locator('input')), '레귤러');
  await screenshot('attribute-edit-dialog');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('속성이 성공적으로 수정되었습니다.')).toBeVisible();
  await expect(fit.getByRole('listitem')).toHaveText(['슬림', '오버', '레귤러']);

  // Delete another definition from its edit dialog, after the confirmation.
  await page.getByRole('button', { name: '방수 속성 수정' }).click();
  dialog = page.getByRole('dialog', { name: '속성 수정' });
  await dialog.getByRole('button', { name: '삭제', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: '속성 삭제' });
  await expect(confirm).toContainText('이 속성을 삭제하시겠습니까?');
  await screenshot('attribute-delete-confirm');
  await confirm.getByRole('button', { name: '삭제', exact: true }).click();
  await expect(page.getByText('속성이 삭제되었습니다.')).toBeVisible();
  await expect(rowNames(page)).toHaveText(['계절', '두께', '색상', '소재', '스타일', '핏']);
  await screenshot('attributes-after');

  // The new attribute is offered in the add-clothes form, with '선택 안 함' first; the deleted one is gone.
  await page
    .getByRole('navigation', { name: '주요 메뉴' })
    .getByRole('link', { name: '옷장', exact: true })
    .click();
  await page.getByRole('button', { name: '옷 추가하기' }).click();
  const form = page.getByRole('dialog', { name: '옷 추가하기' });
  await expect(form.getByRole('combobox', { name: '방수' })).toHaveCount(0);
  await form.getByRole('combobox', { name: '핏' }).click();
  await expect(page.getByRole('option')).toHaveText(['선택 안 함', '슬림', '오버', '레귤러']);
  await page.getByRole('option', { name: '오버' }).click();
  await expect(form.getByRole('combobox', { name: '핏' })).toHaveText('오버');
  await screenshot('closet-form-with-new-attribute');
});
