import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CursorPage, NotificationDto } from '@otboo/contract';
import {
  dismissNotifications,
  receiveNotification,
  receiveSeenNotification,
  resetNotifications,
  useNotificationList,
} from '@/features/notifications/stores/notification-list-store';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';

const api = vi.hoisted(() => ({ list: vi.fn(), remove: vi.fn() }));
vi.mock('@/features/notifications/api/get-notifications', () => ({ getNotifications: api.list }));
vi.mock('@/features/notifications/api/delete-notification', () => ({ deleteNotification: api.remove }));

const note = (id: string, title: string, content: string): NotificationDto => ({
  id,
  createdAt: '2026-11-21T03:00:00.000Z',
  receiverId: 'r0000000-0000-4000-8000-000000000001',
  title,
  content,
  level: 'INFO',
});

const page = (data: NotificationDto[]): CursorPage<NotificationDto> => ({
  data,
  totalCount: data.length,
  hasNext: false,
  nextCursor: null,
  nextIdAfter: null,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
});

describe('notification list store', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    resetNotifications();
    useUnreadCount.getState().clear();
  });

  it('marks a notification about what is on screen read at once, without counting it', async () => {
    api.remove.mockResolvedValue(undefined);
    await receiveSeenNotification(note('n1', '새 메시지', '민지: 안녕'));
    expect(api.remove).toHaveBeenCalledWith('n1');
    expect(useUnreadCount.getState().count).toBe(0);
    expect(useNotificationList.getState().data).toEqual([]);
    // Replayed later: still not counted.
    expect(receiveNotification(note('n1', '새 메시지', '민지: 안녕'))).toBe(false);
  });

  it('counts it after all when marking it read fails', async () => {
    api.remove.mockRejectedValue(new Error('offline'));
    await receiveSeenNotification(note('n1', '새 메시지', '민지: 안녕'));
    expect(useUnreadCount.getState().count).toBe(1);
    expect(useNotificationList.getState().data.map((n) => n.id)).toEqual(['n1']);
  });

  it('dismisses the matching unread notifications and lowers the badge by the ones it removed', async () => {
    useUnreadCount.getState().set(3);
    api.list.mockResolvedValue(page([note('n3', '새 메시지', '민지: 또'), note('n2', '새 팔로워', '민지님이 팔로우했어요.'), note('n1', '새 메시지', '민지: 안녕')]));
    api.remove.mockImplementation(async (id: string) => {
      if (id === 'n1') throw new Error('gone');
    });
    await dismissNotifications((n) => n.title === '새 메시지');
    expect(api.list).toHaveBeenCalledWith({ limit: 100 });
    expect(api.remove.mock.calls.map(([id]) => id).sort()).toEqual(['n1', 'n3']);
    expect(useUnreadCount.getState().count).toBe(2);
  });

  it('does not ask the server when nothing is unread', async () => {
    await dismissNotifications(() => true);
    expect(api.list).not.toHaveBeenCalled();
  });
});
