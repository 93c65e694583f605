// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { notificationHref } from '@/features/notifications/utils/notification-href';

const ID = 'a0000000-0000-4000-8000-000000000001';

describe('notificationHref', () => {
  it('opens the screen each target names (the same places as the push url)', () => {
    expect(notificationHref({ kind: 'FEED', id: ID })).toBe(`/feeds?feedId=${ID}`);
    expect(notificationHref({ kind: 'FEED' })).toBe('/feeds');
    expect(notificationHref({ kind: 'PROFILE', id: ID })).toBe(`/profiles?userId=${ID}`);
    expect(notificationHref({ kind: 'CONVERSATION', id: ID })).toBe(`/profiles?userId=${ID}&chat=1`);
    expect(notificationHref({ kind: 'HOME', date: '2026-11-28' })).toBe('/recommendations?date=2026-11-28');
    expect(notificationHref({ kind: 'HOME' })).toBe('/recommendations');
    expect(notificationHref({ kind: 'CLOSET' })).toBe('/closet');
  });

  it('has none without a target (a role change): a tap only reads it', () => {
    expect(notificationHref(undefined)).toBeNull();
  });
});
