import type { BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { signInApi } from '../support/api.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from '../support/axe.js';
import { FULL_BROWSER_TAG, lacksWholeBrowser } from '../support/chromium.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import type { E2EServer } from '../support/server.js';
import { createUser, newUser } from '../support/users.js';

// The home page needs a forecast for the place picked by name: a loopback Open-Meteo answers.
const test = testWithOpenMeteo();

/** What these journeys read inside the page and the service worker (the project is typed for Node, not the DOM). */
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: { url: string };
  close(): void;
}
interface WorkerGlobals {
  registration: { getNotifications(): Promise<ShownNotification[]> };
  dispatchEvent(event: unknown): boolean;
  NotificationEvent: new (type: string, init: { notification: ShownNotification }) => object;
}
interface WindowGlobals {
  Notification: { permission: string };
  navigator: {
    serviceWorker: {
      ready: Promise<WorkerGlobals['registration']>;
      controller: unknown;
    };
  };
}

const CONTEXT = { locale: 'ko-KR', timezoneId: 'Asia/Seoul', reducedMotion: 'reduce' } as const;

const VIEWPORTS = [
  { name: '390', width: 390, height: 844 },
  { name: '1440', width: 1440, height: 900 },
] as const;

/** Axe on the page first, then a screenshot of `part` at each size of docs/product.md (phone and desktop). */
async function auditAtBothSizes(page: Page, part: Locator, testInfo: TestInfo, label: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${label} ${viewport.name}`);
    await expectNoHorizontalScroll(page, `${label} ${viewport.name}`);
    await part.screenshot({ path: testInfo.outputPath(`${label}-${viewport.name}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Signs a new user in and waits until the service worker controls the page (it is what push needs). */
async function signInControlled(context: BrowserContext, server: E2EServer, prefix: string) {
  const user = await createUser(server, newUser(prefix));
  const page = await context.newPage();
  await signIn(page, user);
  await page.evaluate(() => (globalThis as unknown as WindowGlobals).navigator.serviceWorker.ready);
  await expect
    .poll(() =>
      page.evaluate(() =>
        Boolean((globalThis as unknown as WindowGlobals).navigator.serviceWorker.controller),
      ),
    )
    .toBe(true);
  return { user, page, api: await signInApi(server, user) };
}

async function pushSubscriptionsOf(session: Awaited<ReturnType<typeof signInApi>>): Promise<unknown[]> {
  const res = await fetch(`${session.server.url}/api/push/subscriptions`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as unknown[];
}

// Journey: in settings '알림' a user turns push on for this device, chooses the kinds and the morning outfit.
test(
  "settings '알림': push on this device, the kinds and the morning outfit",
  { tag: FULL_BROWSER_TAG },
  async ({ browser, server, baseURL }, testInfo) => {
    test.skip(Boolean(lacksWholeBrowser(testInfo)), lacksWholeBrowser(testInfo));
    const context = await browser.newContext(CONTEXT);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const { page, api } = await signInControlled(context, server, 'push');
    const pushCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/push/')) pushCalls.push(`${request.method()} ${url.pathname}`);
    });

    await page.goto('/#/settings');
    const section = page.getByRole('region', { name: '알림' });
    const device = section.getByRole('switch', { name: '이 기기에서 푸시 알림 받기' });
    await expect(section.getByText('이 기기에서는 푸시 알림을 받지 않아요')).toBeVisible();
    await expect(device).not.toBeChecked();
    await expect(section.getByRole('switch', { name: '메시지' })).toBeChecked();
    await section.scrollIntoViewIfNeeded();
    await auditAtBothSizes(page, section, testInfo, 'settings-notifications');
    expect(pushCalls).toEqual([]);

    // Turning push on: the permission is granted, the server's VAPID key is fetched, and the browser is asked to
    // subscribe. Headless Debian chromium cannot: it has no push service (no Google Cloud Messaging connection,
    // and this machine is offline), so `pushManager.subscribe` rejects ("Registration failed - permission denied").
    // The page must say it could not, leave the switch off and send no subscription; nothing is faked here. That a
    // subscription is sent and deleted is proved by the unit tests (push-device-switch.test.tsx) and the server's
    // HTTP suite with a loopback push service.
    await device.click();
    // It says why: the browser's push service, not the permission (granted) nor the server (never asked).
    await expect(
      page.getByText(
        '푸시 알림을 켜지 못했습니다. 브라우저가 푸시 서비스에 연결하지 못했어요. 잠시 후 다시 시도해주세요.',
      ),
    ).toBeVisible();
    await expect(device).not.toBeChecked();
    expect(await page.evaluate(() => (globalThis as unknown as WindowGlobals).Notification.permission)).toBe(
      'granted',
    );
    expect(pushCalls).toEqual(['GET /api/push/public-key']);
    expect(await pushSubscriptionsOf(api)).toEqual([]);

    // The kinds and the morning outfit are saved on the server.
    await section.getByText('좋아요', { exact: true }).click();
    await expect(section.getByRole('switch', { name: '좋아요' })).not.toBeChecked();
    const morningNote = section.getByTestId('morning-without-push');
    await expect(morningNote).toHaveCount(0);
    await section.getByRole('switch', { name: '아침 옷 추천' }).click();
    // Push is off on this device: the morning outfit will only reach the in-app list, and the page says so.
    await expect(morningNote).toHaveText(
      '이 기기의 푸시 알림이 꺼져 있어 휴대폰 알림으로는 오지 않아요. 앱의 알림 목록에서만 볼 수 있어요. 받으려면 위에서 푸시 알림을 켜주세요.',
    );
    const time = section.getByLabel('알림 시각');
    await expect(time).toBeEnabled();
    await time.fill('06:30');
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/api/users/${api.userId}/notification-settings`, {
          headers: { Authorization: `Bearer ${api.accessToken}` },
        });
        return res.json();
      })
      .toEqual({
        morningOutfit: { enabled: true, time: '06:30' },
        push: {
          directMessages: true,
          comments: true,
          likes: false,
          follows: true,
          feeds: true,
          weather: true,
        },
      });
    await auditAtBothSizes(page, section, testInfo, 'settings-notifications-on');

    // The location field: this browser gives no position (no permission), so the place search opens under it.
    await page.getByRole('button', { name: '현재 위치 가져오기' }).click();
    const placeSearch = page.getByRole('combobox', { name: '지역 검색' });
    await placeSearch.fill('해운대');
    const suggestion = page.getByRole('option', { name: '부산광역시 해운대구', exact: true });
    await expect(suggestion).toBeVisible();
    await auditAtBothSizes(
      page,
      page.locator('section').filter({ has: placeSearch }),
      testInfo,
      'settings-place-search',
    );
    await suggestion.click();
    await expect(page.getByText('부산광역시 해운대구', { exact: true })).toBeVisible();
    await expect(placeSearch).toHaveCount(0);

    // Offline, a change fails visibly and goes back.
    await context.setOffline(true);
    await section.getByRole('switch', { name: '날씨' }).click();
    await expect(
      page.getByText('오프라인 상태라 저장하지 못했어요. 연결되면 다시 시도해주세요.'),
    ).toBeVisible();
    await expect(section.getByRole('switch', { name: '날씨' })).toBeChecked();
    await context.setOffline(false);
    await context.close();
  },
);

// Journey: a push reaches the app's service worker; it shows a system notification, and its click takes the app
// to the notification's screen.
test(
  'a push becomes a system notification whose click opens the app at its url',
  { tag: FULL_BROWSER_TAG },
  async ({ browser, server, baseURL }, testInfo) => {
    test.skip(Boolean(lacksWholeBrowser(testInfo)), lacksWholeBrowser(testInfo));
    const context = await browser.newContext(CONTEXT);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const { page } = await signInControlled(context, server, 'pushsw');

    // DevTools' "Push" button: Chromium hands the data to the worker's `push` event as the decrypted payload (the
    // encryption itself is the server suite's to prove), so the real handler of src/sw.ts runs.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = {
      id: 'n-1',
      title: '새 피드',
      content: '[옷부] 님이 새 OOTD를 올렸어요',
      createdAt: new Date().toISOString(),
      url: '/#/feeds',
    };
    const deliver = async (data: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL ?? '',
        registrationId: await registrationId,
        data: JSON.stringify(data),
      });
    await deliver(payload);
    await deliver({ ...payload, id: 'n-2', content: '[옷부] 님이 또 올렸어요' });

    const notifications = async () =>
      page.evaluate(async () => {
        const registration = await (globalThis as unknown as WindowGlobals).navigator.serviceWorker.ready;
        const shown = await registration.getNotifications();
        return shown.map(({ title, body, tag, icon, data }) => ({ title, body, tag, icon, data }));
      });
    // Two pushes from one source collapse into one notification (the same tag), showing the newer.
    await expect.poll(notifications).toEqual([
      {
        title: '새 피드',
        body: '[옷부] 님이 또 올렸어요',
        tag: 'otboo:/#/feeds',
        icon: `${baseURL}/icons/icon-192.png`,
        data: { url: '/#/feeds' },
      },
    ]);

    // A system notification cannot be clicked from a test, so its `notificationclick` is dispatched inside the
    // worker, to the real handler. A synthetic event may not extend its lifetime (`waitUntil` throws on an untrusted
    // event), so the test takes the handler's promise itself; and the browser grants `focus()`/`openWindow()` only
    // to a real click, so this proves the open-window path: the app's window is taken to the url.
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await expect(page).toHaveURL(/#\/recommendations$/);
    await worker!.evaluate(async () => {
      const scope = globalThis as unknown as WorkerGlobals;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification');
      const event = new scope.NotificationEvent('notificationclick', { notification });
      let handled: Promise<unknown> = Promise.resolve();
      Object.defineProperty(event, 'waitUntil', {
        value: (promise: Promise<unknown>) => (handled = promise),
      });
      scope.dispatchEvent(event);
      await handled;
    });
    await expect(page).toHaveURL(/#\/feeds$/);
    await expect(page.getByRole('heading', { name: '피드', exact: true })).toBeVisible();
    await expect.poll(notifications).toEqual([]);
    await context.close();
  },
);

// Journey: a user who refused geolocation finds 해운대 by name on the home page and sees its weather.
test('home page: geolocation refused, 해운대 found by name, its weather shown and kept', async ({
  browser,
  server,
}, testInfo) => {
  // No geolocation permission: the browser refuses the page's request.
  const context = await browser.newContext(CONTEXT);
  const page = await context.newPage();
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  const user = await createUser(server, newUser('place'));
  await signIn(page, user);

  await expect(page.getByText('위치를 알 수 없어 날씨를 보여드릴 수 없어요.')).toBeVisible();
  const search = page.getByRole('combobox', { name: '지역 검색' });
  const hero = page.locator('section').filter({ has: page.getByTestId('location-name') });
  await expect(search).toBeVisible();
  await expect(page.getByRole('button', { name: '좌표로 입력' })).toBeVisible();
  await auditAtBothSizes(page, hero, testInfo, 'home-place-search');

  await search.fill('해운대');
  const suggestion = page.getByRole('option', { name: '부산광역시 해운대구', exact: true });
  await expect(suggestion).toBeVisible();
  await auditAtBothSizes(page, hero, testInfo, 'home-place-suggestions');
  await suggestion.click();

  // The level picked stays: not the 동 that the forecast's coordinates fall in.
  await expect(page.getByTestId('location-name')).toHaveText('부산광역시 해운대구');
  await expect(page.getByTestId('current-temperature')).toBeVisible();
  await expect(search).toHaveCount(0);
  expect(prompts).toEqual([]);

  // Kept in the profile: the next visit starts there without asking anyone.
  const api = await signInApi(server, user);
  const res = await fetch(`${server.url}/api/users/${api.userId}/profiles`, {
    headers: { Authorization: `Bearer ${api.accessToken}` },
  });
  const profile = (await res.json()) as { location: { locationNames: string[] } | null };
  expect(profile.location?.locationNames).toEqual(['부산광역시', '해운대구']);
  await page.reload();
  await expect(page.getByTestId('location-name')).toHaveText('부산광역시 해운대구');
  await context.close();
});
