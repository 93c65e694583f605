import { expect, test } from '../support/fixtures.js';
import { submitLogin } from '../support/login.js';
import { ADMIN } from '../support/server.js';
import { createUser } from '../support/users.js';
import { expectNoAxeViolations } from '../support/axe.js';

// Journey (c): an admin locks a user who is signed in elsewhere; that user's next action ends on the login page.
test('an admin locks a signed-in user, whose next action sends them to the login page', async ({
  browser,
  baseURL,
  server,
}, testInfo) => {
  const user = await createUser(server);

  const userContext = await browser.newContext({ baseURL });
  const userPage = await userContext.newPage();
  await submitLogin(userPage, user);
  await expect(userPage).toHaveURL(/#\/recommendations$/);
  await userPage.getByRole('button', { name: '프로필 메뉴 열기' }).click();
  await userPage.getByRole('menuitem', { name: '프로필 수정' }).click();
  await expect(userPage.getByLabel('닉네임')).toHaveValue(user.name);

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await submitLogin(admin, ADMIN);
  await expect(admin).toHaveURL(/#\/recommendations$/);
  await admin
    .getByRole('navigation', { name: '주요 메뉴' })
    .getByRole('link', { name: '사용자 관리' })
    .click();
  await expect(admin).toHaveURL(/#\/admin\/users$/);
  await expect(admin.getByRole('heading', { name: '사용자 관리' })).toBeVisible();
  // The admin's own row cannot be locked or demoted.
  await expect(admin.getByRole('button', { name: `${ADMIN.email} 계정 잠그기` })).toBeDisabled();
  await expect(admin.getByRole('switch', { name: `${ADMIN.email} 관리자 권한` })).toBeDisabled();
  await expectNoAxeViolations(admin, 'admin users');
  await admin.screenshot({ path: testInfo.outputPath('admin-users.png'), fullPage: true });

  // Search by e-mail (debounced), then lock.
  await admin.getByPlaceholder('이메일 검색').fill(user.email);
  await expect(admin.getByRole('row')).toHaveCount(2);
  await admin.getByRole('button', { name: `${user.email} 계정 잠그기` }).click();
  await expect(admin.getByText(`${user.email} 계정이 잠금되었습니다.`)).toBeVisible();
  await expect(admin.getByRole('button', { name: `${user.email} 계정 잠금 해제하기` })).toContainText(
    '비활성',
  );
  await admin.screenshot({ path: testInfo.outputPath('admin-users-locked.png'), fullPage: true });

  // The locked user's next request is refused, the refresh too, and the app shows the login page.
  await userPage.getByRole('button', { name: '저장', exact: true }).click();
  await expect(userPage).toHaveURL(/#\/auth\/login$/);
  await submitLogin(userPage, user);
  await expect(userPage.getByRole('alert')).toContainText('잠긴 계정입니다');

  // Unlocking lets them back in.
  await admin.getByRole('button', { name: `${user.email} 계정 잠금 해제하기` }).click();
  await expect(admin.getByText(`${user.email} 계정 잠금이 해제되었습니다.`)).toBeVisible();
  await submitLogin(userPage, user);
  await expect(userPage).toHaveURL(/#\/recommendations$/);

  await userContext.close();
  await adminContext.close();
});
