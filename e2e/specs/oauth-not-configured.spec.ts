import { expect, test } from '../support/fixtures.js';

// Journey: on a server without Google credentials (the default e2e server), the Google button brings the
// visitor straight back to the login page with a clear Korean explanation, never a broken page.
test('google sign-in not configured: the login page explains it in Korean', async ({ page }, testInfo) => {
  await page.goto('/#/auth/login');
  await page.getByRole('link', { name: 'Google로 로그인' }).click();
  await expect(page).toHaveURL(/#\/auth\/login\?error=oauth&error_message=/);
  await expect(
    page.getByText('Google 로그인이 아직 설정되지 않았습니다. 관리자에게 문의해주세요.'),
  ).toBeVisible();
  // The form still works from here.
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('google-not-configured.png'), fullPage: true });

  await page.getByRole('link', { name: '카카오로 로그인' }).click();
  await expect(
    page.getByText('카카오 로그인이 아직 설정되지 않았습니다. 관리자에게 문의해주세요.'),
  ).toBeVisible();
});
