import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPushDevice } from '@/features/push/utils/forget-push-device';
import { ApiError } from '@/lib/api-client';

const api = vi.hoisted(() => ({ deleteSubscription: vi.fn() }));
vi.mock('@/features/push/api/delete-subscription', () => ({ deleteSubscription: api.deleteSubscription }));

const ENDPOINT = 'https://push.example/send/abc';

function stubSubscribedBrowser() {
  const unsubscribe = vi.fn(async () => true);
  const subscription = { endpoint: ENDPOINT, unsubscribe };
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return unsubscribe;
}

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('forgetPushDevice (sign-out)', () => {
  it('deletes the endpoint on the server, then unsubscribes the browser', async () => {
    const unsubscribe = stubSubscribedBrowser();
    api.deleteSubscription.mockResolvedValue(undefined);
    await forgetPushDevice();
    expect(api.deleteSubscription).toHaveBeenCalledWith({ endpoint: ENDPOINT });
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('still unsubscribes the browser when the server cannot be told (offline)', async () => {
    const unsubscribe = stubSubscribedBrowser();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.deleteSubscription.mockRejectedValue(new ApiError('오프라인', null, null, { network: 'offline' }));
    await expect(forgetPushDevice()).resolves.toBeUndefined();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('does nothing in a browser without push', async () => {
    await expect(forgetPushDevice()).resolves.toBeUndefined();
    expect(api.deleteSubscription).not.toHaveBeenCalled();
  });
});
