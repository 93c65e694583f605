import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushDeviceSwitch } from '@/features/push/components/push-device-switch';
import { ApiError } from '@/lib/api-client';
import { renderWithQuery } from '@/testing/query';

const api = vi.hoisted(() => ({
  getPublicKey: vi.fn(),
  getSubscriptions: vi.fn(),
  createSubscription: vi.fn(),
  deleteSubscription: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/push/api/get-public-key', () => ({ getPublicKey: api.getPublicKey }));
vi.mock('@/features/push/api/get-subscriptions', () => ({ getSubscriptions: api.getSubscriptions }));
vi.mock('@/features/push/api/create-subscription', () => ({ createSubscription: api.createSubscription }));
vi.mock('@/features/push/api/delete-subscription', () => ({ deleteSubscription: api.deleteSubscription }));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const ENDPOINT = 'https://push.example/send/abc';
const KEYS = { p256dh: 'BPp256dh-key', auth: 'auth-secret' };
// 65 bytes, as a P-256 point is: only its decoding is under test here.
const PUBLIC_KEY = 'B' + 'A'.repeat(86);

/** A browser with push: its permission answer, and a push manager that remembers one subscription. */
function stubPushBrowser(options: { permission: NotificationPermission; answer?: NotificationPermission }) {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
      unsubscribe,
    } as unknown as PushSubscription;
    return subscription;
  });
  const pushManager = { subscribe, getSubscription: vi.fn(async () => subscription) };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const requestPermission = vi.fn(async () => {
    notification.permission = options.answer ?? 'granted';
    return notification.permission;
  });
  const notification = { permission: options.permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, unsubscribe, requestPermission };
}

const theSwitch = () => screen.getByRole('switch', { name: '이 기기에서 푸시 알림 받기' });

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('PushDeviceSwitch', () => {
  it('asks for the permission only on the tap, subscribes with the server key and sends the subscription', async () => {
    const browser = stubPushBrowser({ permission: 'default' });
    api.getPublicKey.mockResolvedValue(PUBLIC_KEY);
    api.createSubscription.mockResolvedValue({
      id: 's1',
      endpoint: ENDPOINT,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const user = userEvent.setup();
    renderWithQuery(<PushDeviceSwitch />);
    expect(await screen.findByText('이 기기에서는 푸시 알림을 받지 않아요')).toBeInTheDocument();
    expect(theSwitch()).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(theSwitch());
    expect(await screen.findByText('이 기기에서 푸시 알림을 받고 있어요')).toBeInTheDocument();
    expect(theSwitch()).toBeChecked();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).byteLength).toBe(65);
    expect(api.createSubscription).toHaveBeenCalledWith({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: KEYS,
    });
  });

  it('turning off deletes the subscription on the server, then in the browser', async () => {
    const browser = stubPushBrowser({ permission: 'granted' });
    api.getPublicKey.mockResolvedValue(PUBLIC_KEY);
    api.createSubscription.mockResolvedValue({
      id: 's1',
      endpoint: ENDPOINT,
      createdAt: '2026-01-01T00:00:00Z',
    });
    api.deleteSubscription.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderWithQuery(<PushDeviceSwitch />);
    await user.click(
      await screen.findByRole('switch', { name: '이 기기에서 푸시 알림 받기', checked: false }),
    );
    await screen.findByText('이 기기에서 푸시 알림을 받고 있어요');
    await user.click(theSwitch());
    expect(await screen.findByText('이 기기에서는 푸시 알림을 받지 않아요')).toBeInTheDocument();
    expect(api.deleteSubscription).toHaveBeenCalledWith({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('shows the refusal plainly when the browser denies the permission, and the switch stays off', async () => {
    const browser = stubPushBrowser({ permission: 'default', answer: 'denied' });
    const user = userEvent.setup();
    renderWithQuery(<PushDeviceSwitch />);
    await user.click(
      await screen.findByRole('switch', { name: '이 기기에서 푸시 알림 받기', checked: false }),
    );
    expect(
      await screen.findByText('알림 권한이 꺼져 있어요. 브라우저 설정에서 알림을 허용해주세요'),
    ).toBeInTheDocument();
    expect(theSwitch()).toBeDisabled();
    expect(theSwitch()).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(api.createSubscription).not.toHaveBeenCalled();
  });

  it('says so when push was refused before, without asking again', async () => {
    const browser = stubPushBrowser({ permission: 'denied' });
    renderWithQuery(<PushDeviceSwitch />);
    expect(
      await screen.findByText('알림 권한이 꺼져 있어요. 브라우저 설정에서 알림을 허용해주세요'),
    ).toBeInTheDocument();
    expect(theSwitch()).toBeDisabled();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('names the home-screen rule on an iPhone whose Safari has no push outside an installed app', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari/604.1',
    );
    renderWithQuery(<PushDeviceSwitch />);
    expect(
      await screen.findByText('iPhone과 iPad에서는 홈 화면에 추가한 앱에서만 푸시 알림을 받을 수 있어요'),
    ).toBeInTheDocument();
    expect(theSwitch()).toBeDisabled();
    vi.restoreAllMocks();
  });

  it('says a browser without push cannot receive it', async () => {
    renderWithQuery(<PushDeviceSwitch />);
    expect(await screen.findByText('이 브라우저에서는 푸시 알림을 받을 수 없어요')).toBeInTheDocument();
    expect(theSwitch()).toBeDisabled();
  });

  it('refuses at once offline, asking nothing and subscribing nothing', async () => {
    const browser = stubPushBrowser({ permission: 'default' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const user = userEvent.setup();
    renderWithQuery(<PushDeviceSwitch />);
    await user.click(
      await screen.findByRole('switch', { name: '이 기기에서 푸시 알림 받기', checked: false }),
    );
    await waitFor(() =>
      expect(api.toast.error).toHaveBeenCalledWith(
        '오프라인 상태라 저장하지 못했어요. 연결되면 다시 시도해주세요.',
      ),
    );
    expect(theSwitch()).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('drops the browser subscription when the server refuses it, and says why', async () => {
    const browser = stubPushBrowser({ permission: 'granted' });
    api.getPublicKey.mockResolvedValue(PUBLIC_KEY);
    api.createSubscription.mockRejectedValue(
      new ApiError('공개된 푸시 서비스의 주소만 사용할 수 있습니다.', 400, null),
    );
    const user = userEvent.setup();
    renderWithQuery(<PushDeviceSwitch />);
    await user.click(
      await screen.findByRole('switch', { name: '이 기기에서 푸시 알림 받기', checked: false }),
    );
    await waitFor(() =>
      expect(api.toast.error).toHaveBeenCalledWith(
        '푸시 알림을 켜지 못했습니다. 공개된 푸시 서비스의 주소만 사용할 수 있습니다.',
      ),
    );
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
    expect(theSwitch()).not.toBeChecked();
  });

  it('says why in Korean when the server fails, the push service is out of reach or the permission is taken back', async () => {
    const browser = stubPushBrowser({ permission: 'granted' });
    api.getPublicKey.mockResolvedValue(PUBLIC_KEY);
    api.createSubscription.mockRejectedValueOnce(new ApiError('API 요청에 실패했습니다.', 500, null));
    const user = userEvent.setup();
    renderWithQuery(<PushDeviceSwitch />);
    const off = await screen.findByRole('switch', { name: '이 기기에서 푸시 알림 받기', checked: false });
    await user.click(off);
    await waitFor(() =>
      expect(api.toast.error).toHaveBeenLastCalledWith(
        '푸시 알림을 켜지 못했습니다. 서버가 요청을 처리하지 못했어요. 잠시 후 다시 시도해주세요.',
      ),
    );
    await waitFor(() => expect(theSwitch()).toBeEnabled());

    // Chromium without its push service: 'Registration failed - push service error'.
    browser.subscribe.mockRejectedValueOnce(new DOMException('push service error', 'AbortError'));
    await user.click(theSwitch());
    await waitFor(() =>
      expect(api.toast.error).toHaveBeenLastCalledWith(
        '푸시 알림을 켜지 못했습니다. 브라우저가 푸시 서비스에 연결하지 못했어요. 잠시 후 다시 시도해주세요.',
      ),
    );
    await waitFor(() => expect(theSwitch()).toBeEnabled());

    // Headless Chromium: 'Registration failed - permission denied' with the permission granted.
    browser.subscribe.mockRejectedValueOnce(new DOMException('permission denied', 'NotAllowedError'));
    await user.click(theSwitch());
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledTimes(3));
    expect(api.toast.error).toHaveBeenLastCalledWith(
      '푸시 알림을 켜지 못했습니다. 브라우저가 푸시 서비스에 연결하지 못했어요. 잠시 후 다시 시도해주세요.',
    );
    await waitFor(() => expect(theSwitch()).toBeEnabled());

    // The permission taken back in the browser's settings meanwhile.
    browser.subscribe.mockImplementationOnce(async () => {
      (Notification as { permission: NotificationPermission }).permission = 'denied';
      throw new DOMException('permission denied', 'NotAllowedError');
    });
    await user.click(theSwitch());
    await waitFor(() =>
      expect(api.toast.error).toHaveBeenLastCalledWith(
        '푸시 알림을 켜지 못했습니다. 알림 권한이 꺼져 있어요. 브라우저 설정에서 알림을 허용해주세요',
      ),
    );
    expect(theSwitch()).not.toBeChecked();
  });

  it('says the page is not ready for push when there is no service worker', async () => {
    stubPushBrowser({ permission: 'granted' });
    // A ready that never comes (rejected here, so the test does not wait the 10 s the app waits).
    const ready = Promise.reject(new Error('no worker'));
    ready.catch(() => undefined);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready, getRegistration: async () => undefined },
    });
    api.getPublicKey.mockResolvedValue(PUBLIC_KEY);
    const user = userEvent.setup();
    renderWithQuery(<PushDeviceSwitch />);
    await user.click(
      await screen.findByRole('switch', { name: '이 기기에서 푸시 알림 받기', checked: false }),
    );
    await waitFor(() =>
      expect(api.toast.error).toHaveBeenCalledWith(
        '푸시 알림을 켜지 못했습니다. 알림을 받을 준비가 아직 안 됐어요. 페이지를 새로고침한 뒤 다시 시도해주세요.',
      ),
    );
    expect(api.createSubscription).not.toHaveBeenCalled();
  });
});
