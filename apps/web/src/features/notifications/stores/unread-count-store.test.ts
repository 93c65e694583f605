import { describe, expect, it, vi } from 'vitest';
import { badgeText, useUnreadCount } from '@/features/notifications/stores/unread-count-store';

vi.mock('@/features/notifications/api/get-notifications', () => ({
  getNotifications: vi.fn(async () => ({ data: [], hasNext: true, nextCursor: null, nextIdAfter: null, totalCount: 123, sortBy: 'createdAt', sortDirection: 'DESCENDING' })),
}));

describe('unread count', () => {
  it('caps the badge at 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('adds, fetches the total unread count and clears', async () => {
    const store = useUnreadCount;
    store.getState().add();
    store.getState().add(2);
    expect(store.getState().count).toBe(3);
    store.getState().subtract(5);
    expect(store.getState().count).toBe(0);
    await store.getState().fetch();
    expect(store.getState().count).toBe(123);
    store.getState().clear();
    expect(store.getState().count).toBe(0);
  });
});
