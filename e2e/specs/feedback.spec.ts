import type { Page } from '@playwright/test';
import { createClothes, createFeed, getWeathers, signInApi, type ApiSession } from '../support/api.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { auditedScreenshotter, screenshotter } from '../support/screenshots.js';
import { createUser, newUser, type TestUser } from '../support/users.js';

// The weather home needs stored forecast days to post an OOTD on: a loopback Open-Meteo gives them.
const test = testWithOpenMeteo();

const SEOUL = { latitude: 37.5665, longitude: 126.978 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const QUESTION = '오늘 옷차림은 어땠나요?';

/** Today's Asia/Seoul date at 19:00 (the question about today comes from 18:00). */
function seoulEvening(): Date {
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${today}T19:00:00+09:00`);
}

/** A user with a small closet who posted today's OOTD; returns the API session. */
async function userWhoWoreToday(
  server: Parameters<typeof signInApi>[0],
  user: TestUser,
): Promise<ApiSession> {
  await createUser(server, user);
  const api = await signInApi(server, user);
  const top = await createClothes(api, { name: '회색 맨투맨', type: 'TOP' });
  await createClothes(api, { name: '청바지', type: 'BOTTOM' });
  const [today] = await getWeathers(api);
  if (!today) throw new Error('no forecast');
  await createFeed(api, { weatherId: today.id, clothesIds: [top.id], content: '오늘의 OOTD' });
  return api;
}

async function openHome(page: Page, user: TestUser) {
  // Date.now only: the timers keep running, so the app works as usual at that evening hour.
  await page.clock.setFixedTime(seoulEvening());
  await signIn(page, user);
}

// Journey: after an OOTD today, the home asks in the evening how it felt; '추웠어요' teaches a shift of −1°C that the
// settings show ('체감 보정: −1°C, 답변 1개'), and '초기화' after its question takes it back to nothing; a day asked
// about is never asked again. On the phone (390 px) and the desktop (1440 px).
for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`how did it feel: the home asks once, the settings show and reset the shift (${label})`, async ({
    browser,
    server,
    baseURL,
  }, testInfo) => {
    const context = await browser.newContext({
      geolocation: SEOUL,
      permissions: ['geolocation'],
      reducedMotion: 'reduce',
      viewport,
    });
    await context.grantPermissions(['geolocation'], { origin: baseURL });
    const page = await context.newPage();
    const shot = auditedScreenshotter(page, testInfo, `feedback-${label}`);
    const plainShot = screenshotter(page, testInfo, `feedback-${label}`);
    /**
     * The settings page is checked whole from its top; scrolled down to the section, only the section is (controls
     * sliding under the sticky header would count as obscured targets).
     */
    const settingsShot = async (name: string) => {
      await expectNoAxeViolations(page, `feedback-${label}-${name}`, ['[data-testid="calibration-section"]']);
      await plainShot(name);
    };
    const user = newUser('feel');
    await userWhoWoreToday(server, user);

    await openHome(page, user);
    const prompt = page.getByRole('region', { name: QUESTION });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('group', { name: QUESTION }).getByRole('button')).toHaveText([
      '추웠어요',
      '적당했어요',
      '더웠어요',
    ]);
    await prompt.scrollIntoViewIfNeeded();
    await shot('prompt');

    await prompt.getByRole('button', { name: '추웠어요' }).click();
    await expect(page.getByText('알려주셔서 고마워요. 다음 추천에 반영할게요')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    // The outfit now says why it dresses warmer.
    const panel = page.getByRole('region', { name: '#추천 OOTD' });
    await expect(panel).toContainText('추위를 타신다고 하셔서 1°C 더 따뜻하게 골랐어요');

    // Never twice for a day.
    await page.reload();
    await expect(page.getByRole('region', { name: '#추천 OOTD' })).toBeVisible();
    await expect(page.getByRole('region', { name: QUESTION })).toHaveCount(0);

    await page.goto('/#/settings');
    const section = page.getByRole('region', { name: '체감 보정' });
    await expect(section).toContainText('체감 보정: \u22121°C, 답변 1개');
    await expectNoAxeViolations(page, `feedback-${label}-settings-top`);
    await section.scrollIntoViewIfNeeded();
    await settingsShot('settings');

    await section.getByRole('button', { name: '초기화' }).click();
    const dialog = page.getByRole('alertdialog', { name: '체감 보정을 초기화할까요?' });
    await expect(dialog).toBeVisible();
    await shot('reset-question');
    await dialog.getByRole('button', { name: '초기화' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(section).toContainText('아직 답변이 없어요');
    await expect(section.getByRole('button', { name: '초기화' })).toHaveCount(0);
    await settingsShot('settings-reset');

    await context.close();
  });
}

// Journey: '묻지 않기' closes the question for that day without answering, for good.
test("how did it feel: '묻지 않기' closes the question for the day", async ({ browser, server, baseURL }) => {
  const context = await browser.newContext({
    geolocation: SEOUL,
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
    viewport: PHONE,
  });
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  const page = await context.newPage();
  const user = newUser('feeldismiss');
  await userWhoWoreToday(server, user);
  await openHome(page, user);
  const prompt = page.getByRole('region', { name: QUESTION });
  await prompt.getByRole('button', { name: '묻지 않기' }).click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: '#추천 OOTD' })).toBeVisible();
  await expect(page.getByRole('region', { name: QUESTION })).toHaveCount(0);
  await page.goto('/#/settings');
  await expect(page.getByRole('region', { name: '체감 보정' })).toContainText('아직 답변이 없어요');
  await context.close();
});
