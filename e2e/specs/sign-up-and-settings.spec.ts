import { expect, test } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { newUser } from '../support/users.js';
import { expectNoAxeViolations } from '../support/axe.js';

// Journey (a): a visitor signs up, signs in, edits the profile with an avatar, reloads and signs out.
test('sign up, sign in, edit settings with an avatar, stay signed in across a reload, sign out', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  // A password with '#', which the sign-up rule takes like the spec's own symbols (docs/product.md §5).
  const user = { ...newUser('journey'), password: `pass#${newUser().password}` };
  const nickname = `새이름${user.name.slice(-4)}`;
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  await context.setGeolocation({ latitude: 37.5665, longitude: 126.978 });
  // Each screenshot is of a new screen or dialog: it must pass axe first.
  const shot = async (name: string) => {
    await expectNoAxeViolations(page, name);
    return page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  };

  // Unauthenticated visitors land on the login page.
  await page.goto('/');
  await expect(page).toHaveURL(/#\/auth\/login$/);
  await expect(page.getByRole('heading', { name: '오늘 날씨에 딱 맞는 옷을 추천해드려요' })).toBeVisible();
  await shot('login');

  // Sign up: the button stays disabled until every field is valid.
  await page.getByRole('link', { name: '회원가입' }).click();
  await expect(page.getByRole('heading', { name: '나만의 옷장을 만들어보세요' })).toBeVisible();
  const submit = page.getByRole('button', { name: '가입하기' });
  await page.getByLabel('이메일').fill('not-an-email');
  await expect(page.getByText('유효하지 않은 이메일입니다.')).toBeVisible();
  await page.getByLabel('이메일').fill(user.email);
  await page.getByLabel('이름').fill(user.name);
  await page.getByLabel('비밀번호', { exact: true }).fill(user.password);
  await page.getByLabel('비밀번호 확인').fill(`${user.password}x`);
  await expect(page.getByText('비밀번호가 다릅니다.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('비밀번호 확인').fill(user.password);
  await shot('register');
  await expect(submit).toBeEnabled();
  await submit.click();

  // Sign in: the e-mail just registered is there already, and the password field has the focus.
  await expect(page).toHaveURL(/#\/auth\/login$/);
  await expect(page.getByLabel('아이디')).toHaveValue(user.email);
  await expect(page.getByLabel('비밀번호', { exact: true })).toBeFocused();
  await shot('login-after-sign-up');
  await page.keyboard.type(user.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/#\/recommendations$/);
  await expect(
    page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '날씨별 옷 추천' }),
  ).toHaveAttribute('aria-current', 'page');
  // A USER sees no admin entries.
  await expect(page.getByRole('link', { name: '사용자 관리' })).toHaveCount(0);
  await shot('recommendations');

  // Settings through the avatar menu.
  await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
  await page.getByRole('menuitem', { name: '프로필 수정' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByLabel('닉네임')).toHaveValue(user.name);

  await page.getByLabel('닉네임').fill('');
  await expect(page.getByText('닉네임을 입력해주세요')).toBeVisible();
  await page.getByLabel('닉네임').fill(nickname);
  await page.getByRole('button', { name: '여성' }).click();
  await expect(page.getByRole('button', { name: '여성' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('생년월일').fill('1995-05-17');
  const slider = page.getByRole('slider', { name: '온도 민감도' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '2.7');
  // The browser's position (granted above) is named by GET /api/weathers/location.
  await page.getByRole('button', { name: '현재 위치 가져오기' }).click();
  await expect(page.getByText(/서울특별시 중구/)).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: samplePng() });
  await shot('settings-edited');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByText('프로필이 성공적으로 업데이트되었습니다.')).toBeVisible();
  const topBarAvatar = page.getByRole('button', { name: '프로필 메뉴 열기' }).locator('img');
  await expect(topBarAvatar).not.toHaveAttribute('src', /default-avatar/);

  // A reload keeps the session (refresh cookie) and shows what was saved.
  await page.reload();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByLabel('닉네임')).toHaveValue(nickname);
  await expect(page.getByRole('button', { name: '여성' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('생년월일')).toHaveValue('1995-05-17');
  await expect(slider).toHaveAttribute('aria-valuenow', '2.7');
  await expect(page.getByText(/서울특별시 중구/)).toBeVisible();
  await expect(topBarAvatar).not.toHaveAttribute('src', /default-avatar/);
  await shot('settings-after-reload');

  // Sign out ends the session: the protected pages send the visitor back to login.
  await page.getByRole('button', { name: '프로필 메뉴 열기' }).click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/#\/auth\/login$/);
  await page.goto('/#/settings');
  await expect(page).toHaveURL(/#\/auth\/login$/);
});
