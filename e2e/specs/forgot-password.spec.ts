import { expect, test } from '../support/fixtures.js';
import { waitForTemporaryPassword } from '../support/outbox.js';
import { createUser } from '../support/users.js';
import { expectNoAxeViolations } from '../support/axe.js';

// Journey (b): a user who forgot the password gets a temporary one by e-mail (DATA_DIR/outbox) and sets a new one.
test('forgot password: e-mail, temporary password from the outbox, new password, sign in with it', async ({
  page,
  server,
}, testInfo) => {
  const user = await createUser(server);
  const newPassword = 'renewed2024!';
  // Each screenshot is of a new screen: it must pass axe first.
  const shot = async (name: string) => {
    await expectNoAxeViolations(page, name);
    return page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  };

  await page.goto('/#/auth/login');
  await page.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).click();
  await expect(page).toHaveURL(/#\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { name: '비밀번호 찾기' })).toBeVisible();
  await expect(page.getByRole('link', { name: '로그인으로 돌아가기' })).toBeVisible();
  await shot('forgot-step1');

  // Step 1 → 2: the e-mail is kept, shown masked, and a 3-minute countdown runs.
  await page.getByLabel('이메일').fill(user.email);
  await page.getByRole('button', { name: '다음' }).click();
  const local = user.email.split('@')[0]!;
  const masked = `${local.slice(0, 2)}${'*'.repeat(local.length - 3)}${local.slice(-1)}@${user.email.split('@')[1]}`;
  await expect(page.getByText(masked)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/0[23]:[0-5]\d/);
  await shot('forgot-step2');

  // A wrong temporary password is refused with the step's message.
  await page.getByLabel('임시 비밀번호').fill('Wrong2345');
  await page.getByRole('button', { name: '다음' }).click();
  await expect(page.getByText('임시 비밀번호 확인에 실패했습니다. 다시 시도해주세요.')).toBeVisible();

  // Step 2 → 3 with the password from the mail.
  const temporary = await waitForTemporaryPassword(server.dataDir, user.email);
  await page.getByLabel('임시 비밀번호').fill(temporary);
  await page.getByRole('button', { name: '다음' }).click();
  await expect(page.getByLabel('새 비밀번호', { exact: true })).toBeVisible();

  // Step 3 → 4.
  await page.getByLabel('새 비밀번호', { exact: true }).fill(newPassword);
  await page.getByLabel('새 비밀번호 확인').fill('different1');
  await expect(page.getByText('비밀번호가 일치하지 않습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '완료' })).toBeDisabled();
  await page.getByLabel('새 비밀번호 확인').fill(newPassword);
  await shot('forgot-step3');
  await page.getByRole('button', { name: '완료' }).click();
  await expect(page.getByRole('heading', { name: '비밀번호가 변경되었습니다' })).toBeVisible();
  await expect(page.getByRole('link', { name: '로그인하러 가기' })).toBeVisible();
  await shot('forgot-step4');

  // The success step returns to the login page by itself after 5 seconds.
  await expect(page).toHaveURL(/#\/auth\/login$/, { timeout: 8_000 });

  // The old password no longer works; the new one does.
  await page.getByLabel('아이디').fill(user.email);
  await page.getByLabel('비밀번호', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('올바르지 않습니다');
  await page.getByLabel('비밀번호', { exact: true }).fill(newPassword);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/#\/recommendations$/);
});
