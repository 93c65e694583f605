import { useQueryClient } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { useRef } from 'react';
import { ko, type NotificationDto } from '@otboo/contract';
import { Spinner } from '@/components/ui/spinner';
import { deleteNotification } from '@/features/notifications/api/delete-notification';
import { NotificationIcon } from '@/features/notifications/components/notification-icon';
import { useNow } from '@/hooks/use-now';
import {
  removeReadNotification,
  useNotificationList,
} from '@/features/notifications/hooks/use-notification-list';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { notificationAge } from '@/features/notifications/utils/notification-age';
import { notificationKind } from '@/features/notifications/utils/notification-kind';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { badgeText } from '@/utils/badge-text';

/** Spec §9: the next page loads when the end comes within 100px, a tenth of the sentinel visible. */
const SCROLL_ROOT_MARGIN = '100px';
const SCROLL_THRESHOLD = 0.1;

/**
 * The popover body under the bell (spec §2 "Notification panel"): unread notifications newest first with
 * infinite scroll; clicking one marks it read (DELETE), which removes it. Live ones appear on top.
 */
export function NotificationPanel() {
  const queryClient = useQueryClient();
  const list = useNotificationList();
  const { items: data, loading, error, hasNext } = list;
  const count = useUnreadCount((s) => s.count);
  const now = useNow(60_000);
  const listRef = useRef<HTMLUListElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinel = useInfiniteScroll<HTMLLIElement>({
    enabled: hasNext && !loading && !error,
    onReachEnd: () => void list.loadMore(),
    rootMargin: SCROLL_ROOT_MARGIN,
    threshold: SCROLL_THRESHOLD,
    root: scrollRef,
  });

  async function markRead(notification: NotificationDto, index: number) {
    try {
      await deleteNotification(notification.id);
    } catch (cause) {
      console.error(ko.notifications.markReadFailed, cause);
      return;
    }
    removeReadNotification(queryClient, notification.id);
    // Keep the keyboard where it was: on the item that took the removed one's place.
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-notification]');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? listRef.current)?.focus();
    });
  }

  const initialLoading = loading && data.length === 0;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 pt-4 pb-3">
        <div className="flex items-center gap-2">
          <h2 className="text-[17px] font-bold text-ink">{ko.layout.notifications}</h2>
          {count > 0 ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-bold text-red-600">
              {badgeText(count)}
            </span>
          ) : null}
        </div>
        {data.length > 0 ? <p className="text-xs text-ink-muted">{ko.notifications.markReadHint}</p> : null}
      </div>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label={ko.notifications.listLabel}
          aria-busy={loading}
          className="flex flex-col p-2 focus:outline-none"
        >
          {data.map((notification, index) => (
            <li key={notification.id}>
              <button
                type="button"
                data-notification={notification.id}
                onClick={() => void markRead(notification, index)}
                className="flex w-full items-start gap-3 rounded-xl px-3 py-3 text-left transition-colors hover:bg-surface focus-visible:bg-surface"
              >
                <NotificationIcon kind={notificationKind(notification)} />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate text-[15px] font-bold text-ink">{notification.title}</span>
                    <time dateTime={notification.createdAt} className="shrink-0 text-xs text-ink-muted">
                      {notificationAge(notification.createdAt, now)}
                    </time>
                  </span>
                  <span className="line-clamp-2 text-sm leading-snug break-words text-ink-soft">
                    {notification.content}
                  </span>
                </span>
              </button>
            </li>
          ))}
          {initialLoading ? <NotificationSkeletons /> : null}
          <li ref={sentinel} aria-hidden className="h-px" />
        </ul>
        {loading && data.length > 0 ? (
          <div className="flex justify-center pb-4">
            <Spinner label={ko.notifications.loadingMore} className="text-sm" />
          </div>
        ) : null}
        {error ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-2 px-6 py-8 text-center text-sm text-ink-soft"
          >
            <p>{ko.notifications.loadFailed}</p>
            <button
              type="button"
              onClick={() => void list.retry()}
              className="rounded-lg px-3 py-1.5 font-bold text-brand-600 hover:bg-brand-50"
            >
              {ko.common.retry}
            </button>
          </div>
        ) : null}
        {!loading && !error && data.length === 0 ? (
          <div className="flex flex-col items-center justify-center gap-3 py-24 text-ink-muted">
            <BellOff className="size-8" aria-hidden />
            <p className="text-[15px]">{ko.notifications.empty}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function NotificationSkeletons() {
  return (
    <>
      {[0, 1, 2, 3].map((i) => (
        <li key={i} aria-hidden className="flex animate-pulse items-start gap-3 px-3 py-3">
          <div className="size-10 rounded-full bg-surface" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className="h-3.5 w-1/3 rounded bg-surface" />
            <div className="h-3 w-4/5 rounded bg-surface" />
          </div>
        </li>
      ))}
    </>
  );
}
