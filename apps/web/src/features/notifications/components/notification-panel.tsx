import { useQueryClient } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { ko, type NotificationDto } from '@otboo/contract';
import { Spinner } from '@/components/ui/spinner';
import {
  markAllNotificationsRead,
  markNotificationRead,
} from '@/features/notifications/api/mark-notification-read';
import { NotificationIcon } from '@/features/notifications/components/notification-icon';
import { useNow } from '@/hooks/use-now';
import {
  removeReadNotification,
  useNotificationHistory,
  useNotificationList,
} from '@/features/notifications/hooks/use-notification-list';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { notificationAge } from '@/features/notifications/utils/notification-age';
import { notificationHref } from '@/features/notifications/utils/notification-href';
import { notificationKind } from '@/features/notifications/utils/notification-kind';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import type { CursorList } from '@/lib/use-cursor-list';
import { toast } from '@/lib/toast';
import { badgeText } from '@/utils/badge-text';
import { cn } from '@/utils/cn';

/** Spec §9: the next page loads when the end comes within 100px, a tenth of the sentinel visible. */
const SCROLL_ROOT_MARGIN = '100px';
const SCROLL_THRESHOLD = 0.1;

type Tab = 'unread' | 'history';

export interface NotificationPanelProps {
  /** Goes to a notification's screen (docs/api.md §9.9); the bell closes the popover first. */
  onNavigate?(href: string): void;
}

/**
 * The popover body under the bell (spec §2 "Notification panel"; ours: issue 22). '새 알림' lists the unread
 * ones newest first with infinite scroll, live ones on top; a tap marks one read (never deleted) and opens what
 * it is about, '모두 읽음' reads them all. '읽은 알림' lists the read ones of the last 30 days, each still opening
 * its screen.
 */
export function NotificationPanel({ onNavigate }: NotificationPanelProps) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('unread');
  const unread = useNotificationList();
  const count = useUnreadCount((s) => s.count);
  const [readingAll, setReadingAll] = useState(false);

  async function markRead(notification: NotificationDto) {
    try {
      await markNotificationRead(notification.id);
    } catch (cause) {
      console.error(ko.notifications.markReadFailed, cause);
      return false;
    }
    removeReadNotification(queryClient, notification.id);
    return true;
  }

  async function readAll() {
    setReadingAll(true);
    try {
      await markAllNotificationsRead();
      useUnreadCount.getState().set(0);
      // The server's first page again: empty, unless one arrived meanwhile.
      await unread.fetch({ force: true });
    } catch (cause) {
      console.error(cause);
      toast.error(ko.notifications.markAllReadFailed);
    } finally {
      setReadingAll(false);
    }
  }

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as Tab)}
      className="flex h-full min-h-0 flex-col"
    >
      <div className="flex items-center justify-between gap-3 px-5 pt-4 pb-2">
        <div className="flex items-center gap-2">
          <h2 className="text-[17px] font-bold text-ink">{ko.layout.notifications}</h2>
          {count > 0 ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-bold text-red-600">
              {badgeText(count)}
            </span>
          ) : null}
        </div>
        {tab === 'unread' && unread.items.length > 0 ? (
          <button
            type="button"
            disabled={readingAll}
            onClick={() => void readAll()}
            className="min-h-11 rounded-lg px-3 text-sm font-bold text-brand-600 hover:bg-brand-50 disabled:opacity-60 lg:min-h-9"
          >
            {ko.notifications.markAllRead}
          </button>
        ) : null}
      </div>
      <Tabs.List aria-label={ko.layout.notifications} className="flex gap-1 border-b border-line px-3">
        {(
          [
            ['unread', ko.notifications.tabUnread],
            ['history', ko.notifications.tabHistory],
          ] as const
        ).map(([value, label]) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="-mb-px min-h-11 border-b-2 border-transparent px-3 text-[15px] text-ink-soft data-[state=active]:border-ink data-[state=active]:font-bold data-[state=active]:text-ink"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="unread" className="flex min-h-0 flex-1 flex-col focus:outline-none">
        <NotificationList
          list={unread}
          label={ko.notifications.listLabel}
          emptyText={ko.notifications.empty}
          onSelect={async (notification, index, focusNext) => {
            const href = notificationHref(notification.target);
            // The screen opens at once; the read mark follows (the list and badge drop it when it lands).
            if (href) onNavigate?.(href);
            if ((await markRead(notification)) && !href) focusNext(index);
          }}
        />
      </Tabs.Content>
      <Tabs.Content value="history" className="flex min-h-0 flex-1 flex-col focus:outline-none">
        <HistoryTab onNavigate={onNavigate} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The '읽은 알림' tab: mounted only while shown, so every visit asks the server afresh. */
function HistoryTab({ onNavigate }: NotificationPanelProps) {
  const history = useNotificationHistory(true);
  return (
    <>
      <p className="px-5 pt-3 text-xs text-ink-muted">{ko.notifications.historyHint}</p>
      <NotificationList
        list={history}
        label={ko.notifications.historyLabel}
        emptyText={ko.notifications.historyEmpty}
        read
        onSelect={(notification) => {
          const href = notificationHref(notification.target);
          if (href) onNavigate?.(href);
        }}
      />
    </>
  );
}

interface NotificationListProps {
  list: CursorList<NotificationDto>;
  label: string;
  emptyText: string;
  /** The history: items without a screen to open are plain text, not buttons. */
  read?: boolean;
  /** A tap; `focusNext` keeps the keyboard in the list when the item goes away. */
  onSelect(notification: NotificationDto, index: number, focusNext: (index: number) => void): unknown;
}

function NotificationList({ list, label, emptyText, read = false, onSelect }: NotificationListProps) {
  const { items: data, loading, error, hasNext } = list;
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

  // Keep the keyboard where it was: on the item that took the removed one's place.
  function focusNext(index: number) {
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-notification]');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? listRef.current)?.focus();
    });
  }

  const initialLoading = loading && data.length === 0;
  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label={label}
        aria-busy={loading}
        className="flex flex-col p-2 focus:outline-none"
      >
        {data.map((notification, index) => {
          const body = <NotificationBody notification={notification} now={now} read={read} />;
          const itemClass = 'flex w-full items-start gap-3 rounded-xl px-3 py-3 text-left';
          return (
            <li key={notification.id}>
              {read && !notificationHref(notification.target) ? (
                <div className={itemClass}>{body}</div>
              ) : (
                <button
                  type="button"
                  data-notification={notification.id}
                  onClick={() => void onSelect(notification, index, focusNext)}
                  className={cn(itemClass, 'transition-colors hover:bg-surface focus-visible:bg-surface')}
                >
                  {body}
                </button>
              )}
            </li>
          );
        })}
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
        <div className="flex flex-col items-center justify-center gap-3 px-6 py-20 text-center text-ink-muted">
          <BellOff className="size-8" aria-hidden />
          <p className="text-[15px]">{emptyText}</p>
        </div>
      ) : null}
    </div>
  );
}

/** Icon, title, age, content, and what was written (a comment's text) quoted under it. */
function NotificationBody({
  notification,
  now,
  read,
}: {
  notification: NotificationDto;
  now: Date;
  read: boolean;
}) {
  return (
    <>
      <NotificationIcon kind={notificationKind(notification)} className={read ? 'opacity-70' : undefined} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-[15px] text-ink', read ? 'font-medium' : 'font-bold')}>
            {notification.title}
          </span>
          <time dateTime={notification.createdAt} className="shrink-0 text-xs text-ink-muted">
            {notificationAge(notification.createdAt, now)}
          </time>
        </span>
        <span className="line-clamp-2 text-sm leading-snug break-words text-ink-soft">
          {notification.content}
        </span>
        {notification.excerpt ? (
          <span className="mt-1 line-clamp-2 border-l-2 border-line pl-2 text-sm leading-snug break-words text-ink">
            {notification.excerpt}
          </span>
        ) : null}
      </span>
    </>
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
