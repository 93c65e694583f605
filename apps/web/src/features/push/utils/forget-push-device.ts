import { deleteSubscription } from '@/features/push/api/delete-subscription';
import { pushSupport } from '@/features/push/utils/push-support';

/**
 * Sign-out: this device stops receiving the user's pushes, so the next person to use it sees none of theirs. The
 * server forgets the endpoint first (while the session still authenticates the call), then the browser drops the
 * subscription; offline the server's copy stays until its push service answers 410 for it. Never fails.
 */
export async function forgetPushDevice(): Promise<void> {
  if (pushSupport() !== 'supported') return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await deleteSubscription({ endpoint: subscription.endpoint }).catch((error: unknown) =>
      console.warn(error),
    );
    await subscription.unsubscribe();
  } catch (error) {
    console.warn(error);
  }
}
