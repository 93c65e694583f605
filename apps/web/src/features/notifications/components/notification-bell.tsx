import { Bell } from 'lucide-react';
import { useEffect, type ComponentPropsWithRef } from 'react';
import { ko } from '@otboo/contract';
import { badgeText, useUnreadCount } from '@/features/notifications/stores/unread-count-store';

/**
 * The bell button with the unread badge. It forwards props and ref so that a popover can use it as
 * its trigger (`<Popover.Trigger asChild><NotificationBellButton/></Popover.Trigger>`).
 */
export function NotificationBellButton(props: ComponentPropsWithRef<'button'>) {
  const count = useUnreadCount((s) => s.count);
  return (
    <button
      type="button"
      aria-label={count > 0 ? ko.layout.notificationsUnread(badgeText(count)) : ko.layout.notifications}
      className="relative flex size-10 items-center justify-center rounded-full text-ink-soft hover:bg-surface data-[state=open]:bg-surface"
      {...props}
    >
      <Bell className="size-[22px]" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-500 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </button>
  );
}

/** The top bar's notification slot: loads the unread count once signed in. */
export function NotificationBell() {
  const fetchCount = useUnreadCount((s) => s.fetch);
  useEffect(() => {
    void fetchCount();
  }, [fetchCount]);
  return <NotificationBellButton />;
}
