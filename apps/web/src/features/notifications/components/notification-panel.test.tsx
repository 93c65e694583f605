import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CursorPage, NotificationDto } from '@otboo/contract';
import { NotificationPanel } from '@/features/notifications/components/notification-panel';
import { receiveNotification } from '@/features/notifications/hooks/use-notification-list';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';

const api = vi.hoisted(() => ({ list: vi.fn(), history: vi.fn(), remove: vi.fn(), readAll: vi.fn() }));
vi.mock('@/features/notifications/api/get-notifications', () => ({ getNotifications: api.list }));
vi.mock('@/features/notifications/api/get-notification-history', () => ({
  getNotificationHistory: api.history,
}));
vi.mock('@/features/notifications/api/mark-notification-read', () => ({
  markNotificationRead: api.remove,
  markAllNotificationsRead: api.readAll,
}));

function notification(
  id: string,
  title: string,
  content: string,
  createdAt = new Date().toISOString(),
  extra: Partial<NotificationDto> = {},
): NotificationDto {
  return {
    id,
    createdAt,
    receiverId: 'r0000000-0000-4000-8000-000000000001',
    title,
    content,
    level: 'INFO',
    ...extra,
  };
}

const FEED_ID = 'f0000000-0000-4000-8000-000000000001';
const FAN_ID = 'u0000000-0000-4000-8000-000000000002';

function page(
  data: NotificationDto[],
  totalCount = data.length,
  hasNext = false,
): CursorPage<NotificationDto> {
  return {
    data,
    totalCount,
    hasNext,
    nextCursor: hasNext ? 'c' : null,
    nextIdAfter: hasNext ? 'i' : null,
    sortBy: 'createdAt',
    sortDirection: 'DESCENDING',
  };
}

describe('NotificationPanel', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    // A new session: no notification seen yet and no count.
    useSession.getState().clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the empty text when nothing is unread', async () => {
    api.list.mockResolvedValue(page([]));
    renderWithQuery(<NotificationPanel />);
    expect(await screen.findByText('알림이 없습니다.')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledWith({ limit: 20 });
  });

  it('lists notifications with their age, takes the unread total, and reads one when clicked (PATCH, kept in the history)', async () => {
    api.list.mockResolvedValue(
      page(
        [
          notification('n1', '새 팔로워', '민지님이 회원님을 팔로우했어요.'),
          notification('n2', '새 메시지', '지수: 안녕'),
        ],
        5,
      ),
    );
    api.remove.mockResolvedValue(undefined);
    renderWithQuery(<NotificationPanel />);
    const list = await screen.findByRole('list', { name: '알림 목록' });
    expect(within(list).getAllByText('방금 전')).toHaveLength(2);
    expect(useUnreadCount.getState().count).toBe(5);

    await userEvent.click(within(list).getByRole('button', { name: /새 팔로워/ }));
    expect(api.remove).toHaveBeenCalledWith('n1');
    await waitFor(() => expect(within(list).queryByText('새 팔로워')).not.toBeInTheDocument());
    expect(useUnreadCount.getState().count).toBe(4);
  });

  it("only logs '알림 읽음 처리 실패' when marking read fails, keeping the notification", async () => {
    api.list.mockResolvedValue(page([notification('n1', '새 댓글', '민지님이 댓글을 남겼어요.')]));
    api.remove.mockRejectedValue(new Error('offline'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithQuery(<NotificationPanel />);
    await userEvent.click(await screen.findByRole('button', { name: /새 댓글/ }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('알림 읽음 처리 실패', expect.any(Error)));
    expect(screen.getByText('새 댓글')).toBeInTheDocument();
    expect(useUnreadCount.getState().count).toBe(1);
  });

  it('puts a live notification on top and counts it once', async () => {
    api.list.mockResolvedValue(
      page([notification('n1', '새 팔로워', '민지님이 회원님을 팔로우했어요.', '2026-01-01T00:00:00.000Z')]),
    );
    const { client } = renderWithQuery(<NotificationPanel />);
    await screen.findByText('새 팔로워');
    const live = notification('n2', '새 좋아요', '지수님이 회원님의 OOTD에 좋아요를 눌렀어요.');
    expect(receiveNotification(client, live)).toBe(true);
    expect(receiveNotification(client, live)).toBe(false);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /새 / }).map((b) => b.textContent)).toEqual([
        expect.stringMatching(/^새 좋아요/),
        expect.stringMatching(/^새 팔로워/),
      ]),
    );
    expect(useUnreadCount.getState().count).toBe(2);
  });

  it('opens what a notification is about and marks it read: a comment its feed, a follow its profile', async () => {
    const comment = notification('n1', '새 댓글', '민지님이 회원님의 OOTD에 댓글을 남겼어요.', undefined, {
      target: { kind: 'FEED', id: FEED_ID },
      excerpt: '코트 어디서 샀어요?',
    });
    const follow = notification('n2', '새 팔로워', '지수님이 회원님을 팔로우했어요.', undefined, {
      target: { kind: 'PROFILE', id: FAN_ID },
    });
    api.list.mockResolvedValue(page([comment, follow], 2));
    api.remove.mockResolvedValue(undefined);
    const onNavigate = vi.fn();
    renderWithQuery(<NotificationPanel onNavigate={onNavigate} />);
    const list = await screen.findByRole('list', { name: '알림 목록' });
    // The comment is quoted; the follow has a person icon, not the comment's speech bubble.
    expect(within(list).getByText('코트 어디서 샀어요?')).toBeInTheDocument();
    const followButton = within(list).getByRole('button', { name: /새 팔로워/ });
    expect(followButton.querySelector('[data-kind]')).toHaveAttribute('data-kind', 'follow');

    await userEvent.click(within(list).getByRole('button', { name: /새 댓글/ }));
    expect(onNavigate).toHaveBeenCalledWith(`/feeds?feedId=${FEED_ID}`);
    expect(api.remove).toHaveBeenCalledWith('n1');
    await userEvent.click(followButton);
    expect(onNavigate).toHaveBeenLastCalledWith(`/profiles?userId=${FAN_ID}`);
    expect(api.remove).toHaveBeenLastCalledWith('n2');
    await waitFor(() => expect(useUnreadCount.getState().count).toBe(0));
  });

  it("'모두 읽음' reads them all and empties the list", async () => {
    api.list
      .mockResolvedValueOnce(page([notification('n1', '새 메시지', '지수: 안녕')], 1))
      .mockResolvedValue(page([], 0));
    api.readAll.mockResolvedValue(undefined);
    renderWithQuery(<NotificationPanel />);
    await screen.findByText('새 메시지');
    await userEvent.click(screen.getByRole('button', { name: '모두 읽음' }));
    expect(api.readAll).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('알림이 없습니다.')).toBeInTheDocument();
    expect(useUnreadCount.getState().count).toBe(0);
  });

  it("'읽은 알림' lists the history; a read one still opens its screen, one without a screen is plain text", async () => {
    api.list.mockResolvedValue(page([]));
    api.history.mockResolvedValue(
      page([
        notification('h1', '새 좋아요', '민지님이 회원님의 OOTD에 좋아요를 눌렀어요.', undefined, {
          target: { kind: 'FEED', id: FEED_ID },
        }),
        notification('h2', '권한 변경', '관리자 권한이 부여되었어요.'),
      ]),
    );
    const onNavigate = vi.fn();
    renderWithQuery(<NotificationPanel onNavigate={onNavigate} />);
    await userEvent.click(await screen.findByRole('tab', { name: '읽은 알림' }));
    const history = await screen.findByRole('list', { name: '읽은 알림 목록' });
    expect(api.history).toHaveBeenCalledWith({ limit: 20 });
    expect(screen.getByText('읽은 알림은 30일 동안 보관돼요.')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: /권한 변경/ })).not.toBeInTheDocument();
    expect(within(history).getByText('권한 변경')).toBeInTheDocument();
    await userEvent.click(within(history).getByRole('button', { name: /새 좋아요/ }));
    expect(onNavigate).toHaveBeenCalledWith(`/feeds?feedId=${FEED_ID}`);
    expect(api.remove).not.toHaveBeenCalled();
  });
});
