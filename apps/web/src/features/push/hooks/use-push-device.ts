import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ko, type PushSubscriptionRequest } from '@otboo/contract';
import { createSubscription } from '@/features/push/api/create-subscription';
import { deleteSubscription } from '@/features/push/api/delete-subscription';
import { getPublicKey } from '@/features/push/api/get-public-key';
import { getSubscriptions } from '@/features/push/api/get-subscriptions';
import { base64UrlToBytes, pushSupport } from '@/features/push/utils/push-support';
import { ApiError, isOfflineError } from '@/lib/api-client';
import { isOffline } from '@/lib/network';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** This device's push state as the '알림' section shows it (docs/product.md §2 Settings). */
export type PushDeviceStatus = 'checking' | 'unsupported' | 'not-installed' | 'denied' | 'off' | 'on';

/** The worker is built for production only; without one, turning push on fails instead of waiting forever. */
const WORKER_WAIT_MS = 10_000;

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The state the browser is in when the page opens: asks nothing of the user. */
async function initialStatus(): Promise<PushDeviceStatus> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return 'off';
  // On a shared device the browser's subscription may be another account's: on only if it is the caller's.
  const mine = await getSubscriptions().then(
    (list) => list.some((device) => device.endpoint === subscription.endpoint),
    () => true,
  );
  return mine ? 'on' : 'off';
}

/** A step in the browser that failed, with the reason to tell the user. */
class PushStepError extends Error {}

/**
 * Why turning push on or off failed: offline in docs/product.md's words, otherwise the failure followed by its
 * reason: the browser's (no worker, no push service, permission), or the server's message (a refusal) or a
 * plain word that the server failed.
 */
function failureText(error: unknown, failed: string): string {
  if (isOfflineError(error)) return error.message;
  if (error instanceof PushStepError) return ko.push.failedBecause(failed, error.message);
  if (error instanceof ApiError)
    return ko.push.failedBecause(
      failed,
      error.message !== ko.common.apiFailed ? error.message : ko.push.serverFailed,
    );
  return ko.push.failedBecause(failed, ko.push.pushServiceFailed);
}

/** The browser's subscription, or the reason it could not be had. */
async function subscribeBrowser(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscription> {
  try {
    return (
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      }))
    );
  } catch (error) {
    console.warn(error);
    // Chromium without a push service rejects with NotAllowedError too, the permission granted: only a
    // permission actually taken back is the user's to fix.
    const denied =
      error instanceof DOMException &&
      error.name === 'NotAllowedError' &&
      Notification.permission !== 'granted';
    throw new PushStepError(denied ? ko.push.permissionDenied : ko.push.pushServiceFailed);
  }
}

/** The same shape the server validates; the browser's JSON has optional members in its types. */
function requestOf(subscription: PushSubscription): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Web Push on this device: turning it on asks for the notification permission (only then), subscribes with the
 * server's VAPID key through the service worker and sends the subscription; turning it off deletes it on the
 * server first (so an offline tap fails and nothing changes), then in the browser.
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PushDeviceStatus>('checking');

  useEffect(() => {
    let active = true;
    initialStatus()
      .catch(() => 'off' as const)
      .then((found) => {
        if (active) setStatus(found);
      });
    return () => {
      active = false;
    };
  }, []);

  const turnOn = useMutation({
    mutationFn: async (): Promise<PushDeviceStatus> => {
      if (isOffline()) throw new ApiError(ko.offline.writeFailed, null, null, { network: 'offline' });
      const permission =
        Notification.permission === 'default'
          ? await Notification.requestPermission()
          : Notification.permission;
      if (permission === 'denied') return 'denied';
      // Closing the browser's question without an answer leaves push off, to be asked again on the next tap.
      if (permission !== 'granted') return 'off';
      const publicKey = await queryClient.fetchQuery({
        queryKey: queryKeys.push.publicKey(),
        queryFn: getPublicKey,
        staleTime: Infinity,
      });
      const registration = await workerRegistration().catch(() => {
        throw new PushStepError(ko.push.workerMissing);
      });
      const subscription = await subscribeBrowser(registration, publicKey);
      try {
        await createSubscription(requestOf(subscription));
      } catch (error) {
        // The server does not know this device: the browser must not keep a subscription nobody pushes to.
        await subscription.unsubscribe().catch(() => undefined);
        throw error;
      }
      return 'on';
    },
    onSuccess: setStatus,
    onError: (error) => toast.error(failureText(error, ko.push.subscribeFailed)),
  });

  const turnOff = useMutation({
    mutationFn: async (): Promise<PushDeviceStatus> => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (!subscription) return 'off';
      try {
        await deleteSubscription({ endpoint: subscription.endpoint });
      } catch (error) {
        // 404: the server forgot it already (another device's sign-in took the endpoint, or it expired).
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      await subscription.unsubscribe();
      return 'off';
    },
    onSuccess: setStatus,
    onError: (error) => toast.error(failureText(error, ko.push.unsubscribeFailed)),
  });

  return {
    status,
    busy: turnOn.isPending || turnOff.isPending,
    setEnabled: (on: boolean) => (on ? turnOn.mutate() : turnOff.mutate()),
  };
}
