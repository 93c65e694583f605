import type { NotificationDto, NotificationTarget, PushKind, PushPayload } from '@otboo/contract';
import type { NotificationKind } from '../../db/schema/index.js';

/**
 * What a notification becomes on a phone (docs/api.md §9.2): whether the receiver wants that kind pushed, the
 * in-app hash path a click opens, how long the push service may hold it (`TTL`) and its `Urgency`.
 */

/** The setting (docs/api.md §9.3 `push`) that turns a kind off; kinds without one are always pushed. */
const SETTING_OF: Partial<Record<NotificationKind, PushKind>> = {
  DIRECT_MESSAGE: 'directMessages',
  COMMENT: 'comments',
  LIKE: 'likes',
  FOLLOW: 'follows',
  FEED: 'feeds',
  WEATHER: 'weather',
};

export function isPushWanted(
  kind: NotificationKind | null,
  settings: Record<PushKind, boolean> | null,
): boolean {
  const setting = kind ? SETTING_OF[kind] : undefined;
  return !setting || !settings || settings[setting];
}

/**
 * The in-app hash path a click opens: the notification's target (docs/api.md §9.9), the same place a tap on it
 * in the panel opens. Without one (a role change): the home screen.
 */
export function pushUrlOf(target: NotificationTarget | undefined): string {
  const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
  switch (target?.kind) {
    case 'FEED':
      return target.id ? `/#/feeds${query({ feedId: target.id })}` : '/#/feeds';
    case 'PROFILE':
      return target.id ? `/#/profiles${query({ userId: target.id })}` : '/#/profiles';
    case 'CONVERSATION':
      return target.id ? `/#/profiles${query({ userId: target.id, chat: '1' })}` : '/#/profiles';
    case 'CLOSET':
      return '/#/closet';
    case 'HOME':
      return target.date ? `/#/recommendations${query({ date: target.date })}` : '/#/recommendations';
    default:
      return '/#/recommendations';
  }
}

const HOUR = 3600;
/** Seconds a push service keeps an undelivered push: a morning outfit is stale by noon, a message is not. */
export function pushTtlOf(kind: NotificationKind | null): number {
  switch (kind) {
    case 'OUTFIT':
    case 'OUTFIT_CLOSET':
      return 4 * HOUR;
    case 'WEATHER':
      return 12 * HOUR;
    default:
      return 24 * HOUR;
  }
}

export function pushUrgencyOf(kind: NotificationKind | null): 'high' | 'normal' {
  return kind === 'DIRECT_MESSAGE' ? 'high' : 'normal';
}

/**
 * A push payload must fit one 4 KB record (RFC 8291: 4096 bytes less the header, tag and padding delimiter);
 * push services refuse more. A long message is cut, on a character boundary, with an ellipsis.
 */
export const MAX_PAYLOAD_BYTES = 3_800;

export function pushPayloadOf(dto: NotificationDto, url: string): string {
  // A phone shows what was written (a comment) under the line that says who wrote it.
  const content = dto.excerpt ? `${dto.content}\n${dto.excerpt}` : dto.content;
  const payload: PushPayload = {
    id: dto.id,
    title: dto.title,
    content,
    createdAt: dto.createdAt,
    url,
  };
  let json = JSON.stringify(payload);
  if (Buffer.byteLength(json) <= MAX_PAYLOAD_BYTES) return json;
  const chars = [...content];
  // Each character is at most 4 bytes (6 when JSON escapes it): cut to what can fit, then trim until it does.
  const over = Buffer.byteLength(json) - MAX_PAYLOAD_BYTES;
  let keep = Math.max(0, chars.length - Math.ceil(over / 6) - 1);
  for (;;) {
    json = JSON.stringify({ ...payload, content: `${chars.slice(0, keep).join('')}…` });
    if (Buffer.byteLength(json) <= MAX_PAYLOAD_BYTES || keep === 0) return json;
    keep = Math.max(0, keep - Math.max(1, Math.ceil((Buffer.byteLength(json) - MAX_PAYLOAD_BYTES) / 6)));
  }
}
