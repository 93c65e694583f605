import type { Dialog, Page } from '@playwright/test';
import { signInApi } from '../support/api.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import { saveProfileLocation } from '../support/profiles.js';
import { createUser, newUser } from '../support/users.js';

// The forecast provider is down: the loopback Open-Meteo answers every request with a 500.
const test = testWithOpenMeteo({ mode: 'error500' });

/** Answers the next prompts in order (`null` = cancel) and records what they asked. */
function answerPrompts(page: Page) {
  const asked: string[] = [];
  let answers: (string | null)[] = [];
  const handler = (dialog: Dialog) => {
    asked.push(dialog.message());
    const answer = answers.shift();
    void (answer === undefined || answer === null ? dialog.dismiss() : dialog.accept(answer));
  };
  page.on('dialog', handler);
  return {
    asked,
    next(...next: (string | null)[]) {
      answers = next;
      asked.length = 0;
    },
  };
}

// Journey: a user with a saved profile location and an empty closet opens the weather home while the
// provider is down, sees the climate-normal estimate, moves by the prompts (cancel, abroad, elsewhere)
// and follows the invitation to the closet.
test('provider down: climatology notice, profile location first, prompts, error with retry, empty closet', async ({
  browser,
  server,
}, testInfo) => {
  const user = await createUser(server, newUser('normals'));
  const api = await signInApi(server, user);
  const saved = await saveProfileLocation(api, { longitude: 126.978, latitude: 37.5665 });
  expect(saved.locationNames[0]).toBe('서울특별시');

  // No geolocation permission in this browser: a refresh opens the place search, with the prompts behind its
  // '좌표로 입력' (docs/product.md §2).
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  const prompts = answerPrompts(page);

  await signIn(page, user);

  // The profile's location comes first: no prompt, the saved place, five estimated days.
  const hero = page.getByRole('region', { name: /서울특별시/ });
  await expect(hero.getByText('예보 서버에 연결할 수 없어 평년값으로 추정했어요')).toBeVisible();
  await expect(hero.getByTestId('location-name')).toHaveText(saved.locationNames.join(' '));
  await expect(hero.getByRole('list', { name: '5일 예보' }).getByRole('button')).toHaveCount(5);
  await expect(hero.getByTestId('current-temperature')).toHaveText(/^-?\d+°$/);
  expect(prompts.asked).toEqual([]);

  // An empty closet: the invitation to register clothes; posting has nothing to post.
  const panel = page.getByRole('region', { name: '#추천 OOTD' });
  await expect(panel.getByText('OOTD 추천을 위해 옷장에 옷을 등록해보세요')).toBeVisible();
  await expect(panel.getByRole('link', { name: '옷 등록하러 가기' })).toBeVisible();
  await expect(panel.getByTestId('recommendation-reason')).toContainText('옷장에 등록된 옷이 없어요');
  await shot('climatology-empty-closet');
  // Nothing to post: 'OOTD 등록' cannot work, so it is off (never an error on text typed correctly).
  await expect(panel.getByRole('button', { name: 'OOTD 등록' })).toBeDisabled();

  // Refresh: geolocation is refused, so the place search opens; its '좌표로 입력' asks by the prompts. Cancelling the
  // longitude stops there and keeps the place.
  const refresh = page.getByRole('button', { name: '위치 새로고침' });
  const byCoordinates = async () => {
    await refresh.click();
    await expect(refresh).toBeEnabled();
    await page.getByRole('button', { name: '좌표로 입력' }).click();
  };
  prompts.next(null);
  await byCoordinates();
  expect(prompts.asked).toHaveLength(1);
  expect(prompts.asked[0]).toContain('경도');
  expect(prompts.asked[0]).toContain('126.988');
  await expect(hero.getByTestId('location-name')).toHaveText(saved.locationNames.join(' '));

  // Zero for the latitude aborts too.
  prompts.next('129.075', '0');
  await byCoordinates();
  expect(prompts.asked).toHaveLength(2);
  expect(prompts.asked[1]).toContain('위도');
  expect(prompts.asked[1]).toContain('37.567');
  await expect(hero.getByTestId('location-name')).toHaveText(saved.locationNames.join(' '));

  // A place abroad has no climate normals: a Korean error with a retry.
  prompts.next('2.3522', '48.8566');
  await byCoordinates();
  const failure = page.getByRole('alert').filter({ hasText: '날씨 정보를 불러오지 못했습니다.' });
  await expect(failure).toBeVisible();
  await expect(page.getByTestId('location-name')).toHaveText('위도 48.86, 경도 2.35');
  await expect(failure).toContainText(/[가-힣]/);
  await expect(panel.getByText('날씨 정보를 불러오면 옷을 추천해드려요')).toBeVisible();
  await expect(panel.getByRole('button', { name: '다른 옷 추천' })).toBeDisabled();
  await shot('weather-error');
  await failure.getByRole('button', { name: '다시 시도' }).click();
  await expect(failure).toBeVisible();

  // Another place by the prompts: the page moves there and reloads.
  prompts.next('129.075', '35.18');
  await byCoordinates();
  const busan = page.getByRole('region', { name: /부산광역시/ });
  await expect(busan.getByTestId('location-name')).toHaveText(/^부산광역시/);
  await expect(busan.getByText('예보 서버에 연결할 수 없어 평년값으로 추정했어요')).toBeVisible();
  await expect(panel.getByText('OOTD 추천을 위해 옷장에 옷을 등록해보세요')).toBeVisible();
  await shot('busan');

  // The invitation leads to the closet.
  await panel.getByRole('link', { name: '옷 등록하러 가기' }).click();
  await expect(page).toHaveURL(/#\/closet$/);
  await context.close();
});
