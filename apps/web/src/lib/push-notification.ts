import type { PushPayload } from '@otboo/contract';

/** The manifest's app icon (vite.config.ts), shown beside every push. */
const ICON = '/icons/icon-192.png';

export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

function isPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['id', 'title', 'content', 'createdAt', 'url'].every((key) => typeof record[key] === 'string');
}

/**
 * An in-app hash path on this origin (`/#/feeds`); anything else opens the home page, so a payload can never
 * send the user to another site.
 */
export function inAppUrl(url: string, origin: string): string {
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : '/';
  } catch {
    return '/';
  }
}

/**
 * The system notification of a decrypted push payload (docs/api.md §9.2), or null for one that is not ours. The
 * `tag` is the payload's `url`, which names the sender (`/#/profiles?userId=…`) or the screen, so a second message
 * from one sender replaces the first instead of stacking.
 */
export function pushNotification(data: unknown, origin: string): PushNotification | null {
  if (!isPayload(data)) return null;
  const url = inAppUrl(data.url, origin);
  return {
    title: data.title,
    options: { body: data.content, icon: ICON, badge: ICON, tag: `otboo:${url}`, lang: 'ko', data: { url } },
  };
}
