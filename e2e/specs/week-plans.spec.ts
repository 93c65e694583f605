import type { Page } from '@playwright/test';
import { createClothes, signInApi, type ApiSession } from '../support/api.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { garmentPng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { saveProfileLocation } from '../support/profiles.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

// '이번 주 코디' needs the five forecast days at the profile location: a loopback Open-Meteo gives them.
const test = testWithOpenMeteo();

const SEOUL = { latitude: 37.5665, longitude: 126.978 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const seoulToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Plan {
  date: string;
  clothes: { clothesId: string; name: string; type: string }[];
}

async function api<T>(session: ApiSession, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${session.server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${session.accessToken}`,
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Two of each rotated role and shoes, with photos, and Seoul as the profile's place. */
async function dressedUser(server: Parameters<typeof signInApi>[0]) {
  const user = newUser('plans');
  await createUser(server, user);
  const session = await signInApi(server, user);
  await saveProfileLocation(session, SEOUL);
  for (const [name, type, rgb] of [
    ['회색 맨투맨', 'TOP', [150, 150, 150]],
    ['베이지 니트', 'TOP', [222, 200, 160]],
    ['청바지', 'BOTTOM', [60, 90, 150]],
    ['면바지', 'BOTTOM', [190, 170, 130]],
    ['데님 자켓', 'OUTER', [80, 110, 170]],
    ['블루종', 'OUTER', [40, 60, 40]],
    ['흰색 스니커즈', 'SHOES', [245, 245, 245]],
  ] as const)
    await createClothes(session, { name, type, image: garmentPng([...rgb]) });
  return { user, session };
}

const dayCard = (page: Page, date: string) => page.getByTestId(`plan-day-${date}`);

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`plans for the week: auto fill, a day from the closet, a laundry flag, today's plan on the home (${label})`, async ({
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
    const shot = auditedScreenshotter(page, testInfo, `week-plans-${label}`);
    const { user, session } = await dressedUser(server);
    const today = seoulToday();

    // The home, with no plan yet, leads to the week.
    await signIn(page, user);
    await page.getByRole('link', { name: '이번 주 코디 계획하기' }).click();
    await expect(page).toHaveURL(/#\/plans$/);
    await expect(page.getByRole('heading', { level: 1, name: '이번 주 코디' })).toBeVisible();
    const todayCard = dayCard(page, today);
    await expect(todayCard.getByText('아직 계획이 없어요')).toBeVisible();
    // The forecast days show their weather; the days past it say there is none.
    await expect(todayCard.getByText(/강수확률/)).toBeVisible();
    await expect(dayCard(page, addDays(today, 6)).getByText('예보 없음')).toBeVisible();
    await expectNoHorizontalScroll(page, `week ${label}`);
    await shot('empty-week');

    // '자동으로 채우기': the five forecast days get an outfit; the days beyond stay empty.
    await page.getByRole('button', { name: '자동으로 채우기' }).click();
    await expect(page.getByText('5일의 코디를 채웠어요')).toBeVisible();
    for (let n = 0; n < 5; n++)
      await expect(dayCard(page, addDays(today, n)).getByRole('list', { name: /에 입을 옷$/ })).toBeVisible();
    await expect(dayCard(page, addDays(today, 5)).getByText('아직 계획이 없어요')).toBeVisible();
    const plans = await api<Plan[]>(session, 'GET', `/api/plans?from=${today}&to=${addDays(today, 4)}`);
    expect(plans).toHaveLength(5);
    // No top two days running while the other top can be worn.
    const topOf = (p: Plan) => p.clothes.find((c) => c.type === 'TOP')?.clothesId;
    for (let n = 1; n < 5; n++) expect(topOf(plans[n]!)).not.toBe(topOf(plans[n - 1]!));
    await shot('auto-filled');

    // A day past the forecast, from the closet: the picker lists the pieces, two are chosen and saved.
    const sixth = addDays(today, 5);
    await dayCard(page, sixth).getByRole('button', { name: '옷장에서 고르기' }).click();
    const picker = page.getByRole('dialog');
    await expect(picker).toBeVisible();
    await expect(picker.getByText('이 날 입을 수 있는 옷만 보여요. 10벌까지 고를 수 있어요.')).toBeVisible();
    await picker.getByRole('checkbox', { name: '베이지 니트' }).check();
    await picker.getByRole('checkbox', { name: '면바지' }).check();
    await expect(picker.getByText('2/10벌 선택')).toBeVisible();
    await expectNoAxeViolations(page, `closet picker ${label}`);
    await shot('picker');
    await picker.getByRole('button', { name: '저장' }).click();
    await expect(picker).toBeHidden();
    const sixthPieces = dayCard(page, sixth).getByRole('list', { name: /에 입을 옷$/ });
    await expect(sixthPieces.getByRole('listitem')).toHaveCount(2);
    await expect(sixthPieces).toContainText('베이지 니트');
    await expect(sixthPieces).toContainText('면바지');

    // A note on that day.
    await dayCard(page, sixth).getByRole('button', { name: /^메모/ }).click();
    const noteDialog = page.getByRole('dialog');
    await noteDialog.getByRole('textbox').fill('친구 결혼식');
    await expectNoAxeViolations(page, `note dialog ${label}`);
    await noteDialog.getByRole('button', { name: '메모 저장' }).click();
    await expect(dayCard(page, sixth).getByText('친구 결혼식')).toBeVisible();

    // Tomorrow's top goes to the laundry until tomorrow: tomorrow's card flags it, the day after does not.
    const tomorrow = plans[1]!;
    const top = tomorrow.clothes.find((c) => c.type === 'TOP')!;
    await api(session, 'PUT', `/api/clothes/${top.clothesId}/availability`, {
      state: 'LAUNDRY',
      until: addDays(today, 1),
    });
    await page.reload();
    const tomorrowCard = dayCard(page, addDays(today, 1));
    await expect(tomorrowCard.getByText('세탁 중')).toBeVisible();
    await expect(tomorrowCard.getByText('이 날 입을 수 없는 옷이 있어요')).toBeVisible();
    await expect(dayCard(page, addDays(today, 3)).getByText('세탁 중')).toHaveCount(0);
    await tomorrowCard.scrollIntoViewIfNeeded();
    await shot('laundry-flag');

    // The next seven days reach today + 13.
    await page.getByRole('button', { name: '다음 7일' }).click();
    await expect(dayCard(page, addDays(today, 13))).toBeVisible();
    await expect(page.getByRole('button', { name: '자동으로 채우기' })).toHaveCount(0);
    await page.getByRole('button', { name: '이전 7일' }).click();

    // Clearing a day.
    await dayCard(page, sixth)
      .getByRole('button', { name: /^비우기/ })
      .click();
    await expect(page.getByText('계획을 비웠어요')).toBeVisible();
    await expect(dayCard(page, sixth).getByText('아직 계획이 없어요')).toBeVisible();

    // The home shows today's plan with a way back to the week.
    await page.goto('/#/recommendations');
    const todayPlan = page.getByRole('region', { name: '오늘의 계획' });
    await expect(todayPlan).toBeVisible();
    for (const piece of plans[0]!.clothes) await expect(todayPlan.getByText(piece.name)).toBeVisible();
    await todayPlan.scrollIntoViewIfNeeded();
    await shot('home-today-plan');
    await todayPlan.getByRole('link', { name: '이번 주 코디 보기' }).click();
    await expect(page).toHaveURL(/#\/plans$/);
    await context.close();
  });
}
