import { expect, type Page } from '@playwright/test';

interface Credentials {
  email: string;
  password: string;
}

/** Fills and sends the login form; what follows (home, an alert) is the journey's to check. */
export async function submitLogin(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/#/auth/login');
  await page.getByLabel('아이디').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

/** Signs in through the login page and waits for the weather home. */
export async function signIn(page: Page, user: Credentials): Promise<void> {
  await submitLogin(page, user);
  await expect(page).toHaveURL(/#\/recommendations$/);
}
