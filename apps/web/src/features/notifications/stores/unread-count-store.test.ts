import { describe, expect, it, vi } from 'vitest';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { useSession } from '@/stores/session';

vi.mock('@/features/notifications/api/get-notifications', () => ({
  getNotifications: vi.fn(async () => ({
    data: [],
    hasNext: true,
    nextCursor: null,
    nextIdAfter: null,
    totalCount: 123,
    sortBy: 'createdAt',
    sortDirection: 'DESCENDING',
  })),
}));

describe('unread count', () => {
  it('adds, fetches the total unread count and clears', async () => {
    const store = useUnreadCount;
    store.getState().add();
    store.getState().add(2);
    expect(store.getState().count).toBe(3);
    store.getState().subtract(5);
    expect(store.getState().count).toBe(0);
    await store.getState().fetch();
    expect(store.getState().count).toBe(123);
    store.getState().set(7);
    expect(store.getState().count).toBe(7);
    store.getState().clear();
    expect(store.getState().count).toBe(0);
  });

  it('goes back to 0 when the session ends (sign-out or expiry)', () => {
    useUnreadCount.getState().set(5);
    useSession.getState().clear();
    expect(useUnreadCount.getState().count).toBe(0);
  });
});
