import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useState, type ComponentPropsWithRef } from 'react';
import { useNavigate } from 'react-router';
import { ko } from '@otboo/contract';
import { NotificationPanel } from '@/features/notifications/components/notification-panel';
import {
  useNotificationStream,
  type NotificationStreamOptions,
} from '@/features/notifications/hooks/use-notification-stream';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { badgeText } from '@/utils/badge-text';

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
      className="relative flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-surface data-[state=open]:bg-surface lg:size-10"
      {...props}
    >
      <Bell className="size-[22px]" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </button>
  );
}

/**
 * The top bar's notification slot: loads the unread count once signed in, keeps the live stream open and
 * opens the panel under the bell (450×530; an outside click or Escape closes it). A tapped notification closes
 * it and goes to its screen.
 */
export function NotificationBell(props: NotificationStreamOptions) {
  const fetchCount = useUnreadCount((s) => s.fetch);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    void fetchCount();
  }, [fetchCount]);
  useNotificationStream(props);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <NotificationBellButton />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          collisionPadding={12}
          aria-label={ko.layout.notifications}
          className="z-50 h-[530px] max-h-[calc(100dvh-72px)] w-[450px] max-w-[calc(100vw-24px)] overflow-hidden rounded-2xl border border-line bg-white shadow-xl focus:outline-none"
        >
          <NotificationPanel
            onNavigate={(href) => {
              setOpen(false);
              void navigate(href);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
