import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CursorPage, NotificationDto } from '@otboo/contract';
import {
  notificationListKey,
  receiveNotification,
  receiveSeenNotification,
} from '@/features/notifications/hooks/use-notification-list';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { listItems, type ListData } from '@/lib/cursor-list';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/stores/session';

const api = vi.hoisted(() => ({ list: vi.fn(), remove: vi.fn() }));
vi.mock('@/features/notifications/api/get-notifications', () => ({ getNotifications: api.list }));
vi.mock('@/features/notifications/api/mark-notification-read', () => ({ markNotificationRead: api.remove }));

const note = (id: string, title: string, content: string): NotificationDto => ({
  id,
  createdAt: '2026-11-21T03:00:00.000Z',
  receiverId: 'r0000000-0000-4000-8000-000000000001',
  title,
  content,
  level: 'INFO',
});

const emptyPage: CursorPage<NotificationDto> = {
  data: [],
  hasNext: false,
  nextCursor: null,
  nextIdAfter: null,
  totalCount: 0,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
};

/** A query cache with the panel open on an empty list. */
function openPanel() {
  const client = createQueryClient();
  client.setQueryData<ListData<NotificationDto>>(notificationListKey, {
    pages: [emptyPage],
    pageParams: [null],
  });
  const shown = () => listItems(client.getQueryData<ListData<NotificationDto>>(notificationListKey));
  return { client, shown };
}

describe('notification list in the query cache', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A new session: the seen ids and the badge start over.
    useSession.getState().clear();
  });

  it('marks a notification about what is on screen read at once, without counting it', async () => {
    const { client, shown } = openPanel();
    api.remove.mockResolvedValue(undefined);
    await receiveSeenNotification(client, note('n1', '새 메시지', '민지: 안녕'));
    expect(api.remove).toHaveBeenCalledWith('n1');
    expect(useUnreadCount.getState().count).toBe(0);
    expect(shown()).toEqual([]);
    // Replayed later: still not counted.
    expect(receiveNotification(client, note('n1', '새 메시지', '민지: 안녕'))).toBe(false);
  });

  it('counts it after all when marking it read fails', async () => {
    const { client, shown } = openPanel();
    api.remove.mockRejectedValue(new Error('offline'));
    await receiveSeenNotification(client, note('n1', '새 메시지', '민지: 안녕'));
    expect(useUnreadCount.getState().count).toBe(1);
    expect(shown().map((n) => n.id)).toEqual(['n1']);
  });

  it('counts a live one while the panel is closed, and forgets the seen ids when the session ends', () => {
    const client = createQueryClient();
    expect(receiveNotification(client, note('n1', '새 팔로워', '민지님이 팔로우했어요.'))).toBe(true);
    expect(receiveNotification(client, note('n1', '새 팔로워', '민지님이 팔로우했어요.'))).toBe(false);
    expect(useUnreadCount.getState().count).toBe(1);
    // Nothing is cached for a closed panel: its next opening asks the server.
    expect(client.getQueryData(notificationListKey)).toBeUndefined();

    useSession.getState().clear();
    expect(useUnreadCount.getState().count).toBe(0);
    expect(receiveNotification(client, note('n1', '새 팔로워', '민지님이 팔로우했어요.'))).toBe(true);
  });
});
