import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDto } from '@otboo/contract';
import {
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
});
