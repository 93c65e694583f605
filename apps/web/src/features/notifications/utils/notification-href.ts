import type { NotificationTarget } from '@otboo/contract';
import { paths } from '@/config/paths';

/**
 * The screen a notification opens (docs/api.md §9.9; the push `url` names the same ones): a feed's detail, a
 * profile, the conversation over its partner's profile, the home on a day, the closet. Null when it has no
 * target (a role change): a tap only reads it.
 */
export function notificationHref(target: NotificationTarget | undefined): string | null {
  switch (target?.kind) {
    case 'FEED':
      return target.id ? paths.feeds.detail(target.id) : paths.feeds.href();
    case 'PROFILE':
      return paths.profiles.href(target.id);
    case 'CONVERSATION':
      return target.id ? paths.profiles.chat(target.id) : paths.profiles.href();
    case 'HOME':
      return paths.recommendations.href(target.date);
    case 'CLOSET':
      return paths.closet.href();
    default:
      return null;
  }
}
