import {
  CloudSun,
  Heart,
  Mail,
  MessageCircle,
  Newspaper,
  ShieldCheck,
  Shirt,
  SlidersHorizontal,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { NotificationKind } from '@/features/notifications/utils/notification-kind';
import { cn } from '@/utils/cn';

const ICONS: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  message: { icon: Mail, tone: 'bg-brand-50 text-brand-600' },
  attribute: { icon: SlidersHorizontal, tone: 'bg-violet-50 text-violet-600' },
  feed: { icon: Newspaper, tone: 'bg-emerald-50 text-emerald-600' },
  like: { icon: Heart, tone: 'bg-rose-50 text-rose-500' },
  permission: { icon: ShieldCheck, tone: 'bg-amber-50 text-amber-600' },
  comment: { icon: MessageCircle, tone: 'bg-sky-50 text-sky-600' },
  follow: { icon: UserPlus, tone: 'bg-indigo-50 text-indigo-600' },
  weather: { icon: CloudSun, tone: 'bg-orange-50 text-orange-600' },
  outfit: { icon: Shirt, tone: 'bg-teal-50 text-teal-600' },
};

/** The round icon of a notification kind (decorative: the title says the same). */
export function NotificationIcon({ kind, className }: { kind: NotificationKind; className?: string }) {
  const { icon: Icon, tone } = ICONS[kind];
  return (
    <span
      aria-hidden
      data-kind={kind}
      className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', tone, className)}
    >
      <Icon className="size-[18px]" />
    </span>
  );
}
