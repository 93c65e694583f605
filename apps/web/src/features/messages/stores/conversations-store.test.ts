import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectMessageRoomDto } from '@otboo/contract';
import { selectTotalUnread, useConversations } from '@/features/messages/stores/conversations-store';

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

describe('conversations store', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useConversations.getState().reset();
  });

  it('sums the unread messages and shows the open conversation as read', async () => {
    api.rooms.mockResolvedValue([room(1, 2), room(2, 3)]);
    await useConversations.getState().refresh();
    expect(selectTotalUnread(useConversations.getState())).toBe(5);

    useConversations.getState().setOpenPartner(person(2).userId);
    expect(selectTotalUnread(useConversations.getState())).toBe(2);
    // A reload that raced the read receipt still shows the open one read.
    await useConversations.getState().refresh();
    expect(selectTotalUnread(useConversations.getState())).toBe(2);

    useConversations.getState().setOpenPartner(null);
    await useConversations.getState().refresh();
    expect(selectTotalUnread(useConversations.getState())).toBe(5);
  });

  it('folds reloads asked for during a load into one more load', async () => {
    let release!: () => void;
    api.rooms.mockImplementationOnce(
      () => new Promise<DirectMessageRoomDto[]>((resolve) => (release = () => resolve([room(1, 1)]))),
    );
    api.rooms.mockResolvedValue([room(1, 1), room(2, 1)]);
    const first = useConversations.getState().refresh();
    void useConversations.getState().refresh();
    void useConversations.getState().refresh();
    release();
    await first;
    expect(api.rooms).toHaveBeenCalledTimes(2);
    expect(useConversations.getState().rooms).toHaveLength(2);
    expect(useConversations.getState().loading).toBe(false);
  });
});
