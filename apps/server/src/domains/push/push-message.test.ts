import { describe, expect, it } from 'vitest';
import {
  isPushWanted,
  MAX_PAYLOAD_BYTES,
  pushPayloadOf,
  pushTtlOf,
  pushUrgencyOf,
  pushUrlOf,
} from './push-message.js';
import { notificationTargetOf } from '../notifications/index.js';
import type { NotificationKind } from '../../db/schema/index.js';

const SENDER = '0190a0b0-0000-7000-8000-000000000001';
const dto = (content: string) => ({
  id: '0190a0b0-0000-7000-8000-0000000000aa',
  createdAt: '2026-01-10T00:00:00.000Z',
  receiverId: '0190a0b0-0000-7000-8000-000000000002',
  title: '새 메시지',
  content,
  level: 'INFO' as const,
});

describe('what a notification becomes on a phone', () => {
  it("opens the notification's target: the feed, the profile, the conversation, the home on its day", () => {
    const FEED = '0190a0b0-0000-7000-8000-0000000000f1';
    const urlOf = (
      kind: NotificationKind | null,
      row: { sourceUserId?: string; targetFeedId?: string; targetDate?: string } = {},
    ) =>
      pushUrlOf(
        notificationTargetOf({
          kind,
          sourceUserId: row.sourceUserId ?? null,
          targetFeedId: row.targetFeedId ?? null,
          targetDate: row.targetDate ?? null,
        }),
      );
    expect(urlOf('DIRECT_MESSAGE', { sourceUserId: SENDER })).toBe(`/#/profiles?userId=${SENDER}&chat=1`);
    expect(urlOf('FOLLOW', { sourceUserId: SENDER })).toBe(`/#/profiles?userId=${SENDER}`);
    for (const kind of ['LIKE', 'COMMENT', 'FEED'] as const) {
      expect(urlOf(kind, { sourceUserId: SENDER, targetFeedId: FEED })).toBe(`/#/feeds?feedId=${FEED}`);
      // The feed was deleted since: the feed list.
      expect(urlOf(kind, { sourceUserId: SENDER })).toBe('/#/feeds');
    }
    for (const kind of ['WEATHER', 'OUTFIT'] as const)
      expect(urlOf(kind, { targetDate: '2026-01-11' })).toBe('/#/recommendations?date=2026-01-11');
    for (const kind of ['ROLE', null] as const) expect(urlOf(kind)).toBe('/#/recommendations');
    expect(urlOf('OUTFIT_CLOSET', { targetDate: '2026-01-11' })).toBe('/#/closet');
    expect(urlOf('ATTRIBUTE')).toBe('/#/closet');
  });

  it('is urgent only for direct messages; a morning outfit expires within hours', () => {
    expect(pushUrgencyOf('DIRECT_MESSAGE')).toBe('high');
    expect(pushUrgencyOf('LIKE')).toBe('normal');
    expect(pushTtlOf('OUTFIT')).toBeLessThan(pushTtlOf('DIRECT_MESSAGE'));
    expect(pushTtlOf(null)).toBeGreaterThan(0);
  });

  it('follows the per-kind settings; kinds without a setting always go', () => {
    const off = {
      directMessages: false,
      comments: false,
      likes: false,
      follows: false,
      feeds: false,
      weather: false,
    };
    for (const kind of ['DIRECT_MESSAGE', 'COMMENT', 'LIKE', 'FOLLOW', 'FEED', 'WEATHER'] as const) {
      expect(isPushWanted(kind, off)).toBe(false);
      expect(isPushWanted(kind, null)).toBe(true);
    }
    for (const kind of ['OUTFIT', 'OUTFIT_CLOSET', 'ROLE', 'ATTRIBUTE', null] as const)
      expect(isPushWanted(kind, off)).toBe(true);
  });

  it('carries {id, title, content, createdAt, url} and cuts a long message to fit one record', () => {
    expect(JSON.parse(pushPayloadOf(dto('안녕'), '/#/feeds'))).toEqual({
      id: dto('').id,
      title: '새 메시지',
      content: '안녕',
      createdAt: '2026-01-10T00:00:00.000Z',
      url: '/#/feeds',
    });
    for (const long of ['가'.repeat(1_500), '😀'.repeat(1_200), '"\\'.repeat(1_500)]) {
      const json = pushPayloadOf(dto(long), '/#/feeds');
      expect(Buffer.byteLength(json)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      const content = JSON.parse(json).content as string;
      expect(content.endsWith('…')).toBe(true);
      expect(long.startsWith(content.slice(0, -1))).toBe(true);
      expect(content.length).toBeGreaterThan(500);
    }
  });
});
