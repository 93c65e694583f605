import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectMessageRoomDto } from '@otboo/contract';
import {
  markConversationReadInCache,
  refreshConversations,
  totalUnread,
  useConversations,
} from '@/features/messages/hooks/use-conversations';
import { useChatDialog } from '@/features/messages/stores/chat-dialog-store';
import { useSession } from '@/stores/session';
import { queryWrapper } from '@/testing/query';

const api = vi.hoisted(() => ({ rooms: vi.fn() }));
vi.mock('@/features/messages/api/get-conversations', () => ({ getConversations: api.rooms }));

const person = (n: number) => ({
  userId: `00000000-0000-7000-8000-00000000000${n}`,
  name: `사용자${n}`,
  profileImageUrl: null,
});
const me = person(0);
function room(n: number, unreadCount: number): DirectMessageRoomDto {
  return {
    partner: person(n),
    lastMessage: {
      id: `m${n}`,
      createdAt: '2026-11-21T03:00:00.000Z',
      sender: person(n),
      receiver: me,
      content: '안녕',
    },
    unreadCount,
  };
}

function renderConversations() {
  const { client, wrapper } = queryWrapper();
  const hook = renderHook(() => useConversations(), { wrapper });
  const unread = () => totalUnread(hook.result.current.rooms);
  return { client, unread, ...hook };
}

describe('conversations in the query cache', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useChatDialog.getState().close();
  });

  it('sums the unread messages and shows the open conversation as read', async () => {
    api.rooms.mockResolvedValue([room(1, 2), room(2, 3)]);
    const { client, unread } = renderConversations();
    await waitFor(() => expect(unread()).toBe(5));

    act(() => useChatDialog.getState().open(person(2)));
    expect(unread()).toBe(2);
    // A reload that raced the read receipt still shows the open one read.
    await act(() => refreshConversations(client));
    expect(unread()).toBe(2);

    act(() => useChatDialog.getState().close());
    await act(() => refreshConversations(client));
    expect(unread()).toBe(5);

    // Once the server took the read receipt, the list shows it read before it reloads.
    act(() => markConversationReadInCache(client, person(2).userId));
    await waitFor(() => expect(unread()).toBe(2));
  });

  it('a reload asked for while one is on its way wins over it', async () => {
    api.rooms.mockResolvedValueOnce([room(1, 1)]);
    const { client, result } = renderConversations();
    await waitFor(() => expect(result.current.rooms).toHaveLength(1));

    let release!: () => void;
    api.rooms.mockImplementationOnce(
      () => new Promise<DirectMessageRoomDto[]>((resolve) => (release = () => resolve([room(1, 1)]))),
    );
    api.rooms.mockResolvedValueOnce([room(1, 1), room(2, 1)]);
    void refreshConversations(client);
    await act(() => refreshConversations(client));
    release();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rooms).toHaveLength(2);
  });

  it('the end of the session closes the chat dialog', () => {
    useChatDialog.getState().open(person(1));
    useSession.getState().clear();
    expect(useChatDialog.getState().partner).toBeNull();
  });
});
