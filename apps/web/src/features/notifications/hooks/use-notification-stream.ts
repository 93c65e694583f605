import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NotificationDto, SSE_NOTIFICATION_EVENT } from '@otboo/contract';
import {
  receiveNotification,
  receiveSeenNotification,
} from '@/features/notifications/hooks/use-notification-list';
import { createEventStream } from '@/lib/sse';
import { toast } from '@/lib/toast';
import { selectAuthenticated, useSession } from '@/stores/session';

const SSE_PATH = '/api/sse';

export interface NotificationStreamOptions {
  /** Runs for every new live notification (after the list and the badge took it). */
  onNotification?(notification: NotificationDto): void;
  /**
   * True for a notification about what the screen already shows (a message in the open conversation): it is
   * marked read at once, without a toast or a count.
   */
  isOnScreen?(notification: NotificationDto): boolean;
}

/**
 * Keeps the signed-in user's notification stream open (`GET /api/sse`, event `notifications`): each new
 * notification goes to the top of the panel's list, raises the badge and shows an info toast (unless the
 * screen already shows what it announces). It connects
 * only while authenticated and closes on sign-out or unmount; the stream itself reconnects with the current
 * token and replays what it missed.
 */
export function useNotificationStream(options: NotificationStreamOptions = {}): void {
  const authenticated = useSession(selectAuthenticated);
  const queryClient = useQueryClient();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!authenticated) return;
    const stream = createEventStream({
      url: SSE_PATH,
      getAccessToken: () => useSession.getState().accessToken,
      async refreshAccessToken() {
        // The session store shares one refresh with the API client; a failure there ends the session.
        const jwt = await useSession.getState().refresh();
        return jwt?.accessToken ?? null;
      },
    });
    const unsubscribe = stream.subscribe(SSE_NOTIFICATION_EVENT, (data) => {
      const parsed = NotificationDto.safeParse(data);
      if (!parsed.success) {
        console.error('notification event with an unexpected payload', data);
        return;
      }
      const notification = parsed.data;
      if (latest.current.isOnScreen?.(notification)) {
        void receiveSeenNotification(queryClient, notification);
      } else {
        if (!receiveNotification(queryClient, notification)) return;
        toast.info(notification.content || notification.title);
      }
      latest.current.onNotification?.(notification);
    });
    stream.connect();
    return () => {
      unsubscribe();
      stream.disconnect();
    };
  }, [authenticated, queryClient]);
}
