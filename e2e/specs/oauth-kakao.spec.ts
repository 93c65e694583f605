import { expect, test as base } from '../support/fixtures.js';
import { startKakaoOAuthFake, type KakaoOAuthFake } from '../support/kakao-oauth.js';
import { startOpenMeteoFake } from '../support/open-meteo.js';
import { startServer, type E2EServer } from '../support/server.js';

// This journey's server signs in with a loopback Kakao (consent page included) and asks a loopback
// Open-Meteo for the weather home. PUBLIC_URL is the server's own address, so Kakao sends the browser back there.
const test = base.extend<object, { server: E2EServer; kakao: KakaoOAuthFake }>({
  kakao: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures.
    async ({}, use) => {
      const kakao = await startKakaoOAuthFake();
      kakao.mode = 'consent';
      await use(kakao);
      await kakao.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ kakao }, use) => {
      const openMeteo = await startOpenMeteoFake();
      const server = await startServer({
        env: {
          OPEN_METEO_URL: openMeteo.url,
          KAKAO_CLIENT_ID: kakao.clientId,
          KAKAO_CLIENT_SECRET: kakao.clientSecret!,
          OAUTH_KAKAO_BASE_URL: kakao.authUrl,
          OAUTH_KAKAO_API_URL: kakao.apiUrl,
          // The fake's avatar is on a loopback port; the server copies it into its own storage.
          LINK_IMPORT_ALLOW_PRIVATE: 'true',
        },
      });
      // Kakao accepts only the registered redirect URI, as the real one does.
      kakao.redirectUris = [`${server.url}/login/oauth2/code/kakao`];
      await use(server);
      await server.stop();
      await openMeteo.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

// Journey: a visitor chooses Kakao, cancels on Kakao's consent page and is told so, tries again, agrees,
// and lands signed in on the weather home with the Kakao nickname and picture; settings list Kakao as
// linked; after signing out, Kakao signs the same account in again.
test('kakao sign-in: cancel, consent, signed in on the weather home, linked in settings, returning user', async ({
  browser,
  baseURL,
  kakao,
}, testInfo) => {
  kakao.user = {
    id: 2_718_281_828,
    nickname: '옷장 라이언',
    profileImageUrl: '/pictures/avatar.png',
    email: 'ryan.e2e@kakao.com',
    isEmailValid: true,
    isEmailVerified: true,
  };
  const context = await browser.newContext({
    geolocation: { latitude: 37.5665, longitude: 126.978 },
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
  });
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  const page = await context.newPage();
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  await page.goto('/#/auth/login');
  const kakaoButton = page.getByRole('link', { name: '카카오로 로그인' });
  await expect(kakaoButton).toBeVisible();
  await shot('login');

  // Kakao's consent page; cancelling comes back to the login page with the reason in Korean.
  await kakaoButton.click();
  await expect(page.getByRole('heading', { name: '카카오 로그인' })).toBeVisible();
  await expect(page.getByText('옷장 라이언 계정으로 otboo에 로그인합니다.')).toBeVisible();
  await shot('kakao-consent');
  await page.getByRole('button', { name: '취소' }).click();
  await expect(page).toHaveURL(/#\/auth\/login\?error=oauth&error_message=/);
  await expect(page.getByText('소셜 로그인이 취소되었습니다.')).toBeVisible();
  // Nothing from the provider reaches the address bar.
  expect(page.url()).not.toMatch(/code=|state=|access_denied/);
  await shot('login-cancelled');

  // Again, agreeing this time: the callback sets the refresh cookie and the app refreshes into a session.
  await page.getByRole('link', { name: '카카오로 로그인' }).click();
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
  await expect(page).toHaveURL(/#\/recommendations$/);
  await expect(
    page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '날씨별 옷 추천' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('location-name')).toContainText('서울특별시');
  // The avatar is our own re-encoded copy, served from our origin.
  const topBarAvatar = page.getByRole('button', { name: '프로필 메뉴 열기' }).locator('img');
  await expect(topBarAvatar).toHaveAttribute('src', /^\/files\/profiles\/[0-9a-f-]{36}\.webp$/);
  expect(kakao.counts.pictures).toBe(1);
  await shot('signed-in-weather-home');

  // Settings: the Kakao nickname made valid for our name rule, and Kakao listed as linked.
  await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
  await page.getByRole('menuitem', { name: '프로필 수정' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByLabel('닉네임')).toHaveValue('옷장라이언');
  await expect(page.getByText('연결된 소셜 계정')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '카카오' })).toBeVisible();
  await shot('settings-linked-kakao');

  // A reload keeps the session; signing out and in with Kakao reaches the same account.
  await page.reload();
  await expect(page.getByLabel('닉네임')).toHaveValue('옷장라이언');
  await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/#\/auth\/login$/);
  await page.getByRole('link', { name: '카카오로 로그인' }).click();
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
  await expect(page).toHaveURL(/#\/recommendations$/);
  await page.goto('/#/settings');
  await expect(page.getByLabel('닉네임')).toHaveValue('옷장라이언');
  expect(kakao.counts.pictures).toBe(1);
  await context.close();
});
