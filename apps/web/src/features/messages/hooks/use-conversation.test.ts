import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DM_SEND_DESTINATION,
  directMessageTopic,
  type CursorPage,
  type DirectMessageDto,
} from '@otboo/contract';
import { useConversation } from '@/features/messages/hooks/use-conversation';
import type { StompHandler, StompState } from '@/lib/stomp';
import { queryWrapper } from '@/testing/query';

const ME = { userId: '00000000-0000-7000-8000-00000000000a', name: '나나', profileImageUrl: null };
const YOU = { userId: '00000000-0000-7000-8000-00000000000b', name: '지수', profileImageUrl: null };

// A connection the test drives: its state, the topic handlers and what was published.
const socket = vi.hoisted(() => ({
  state: 'connecting' as StompState,
  handlers: new Map<string, StompHandler>(),
  published: [] as { destination: string; body: unknown }[],
  listeners: new Set<() => void>(),
}));
vi.mock('@/features/messages/hooks/use-stomp-connection', async () => {
  const { useSyncExternalStore } = await import('react');
  const connection = {
    get state() {
      return socket.state;
    },
    connect: () => undefined,
    disconnect: async () => undefined,
    subscribe(destination: string, handler: StompHandler) {
      socket.handlers.set(destination, handler);
      return () => socket.handlers.delete(destination);
    },
    publish(destination: string, body: unknown) {
      if (socket.state !== 'connected') return false;
      socket.published.push({ destination, body });
      return true;
    },
  };
  return {
    useStompConnection: () => ({
      connection,
      state: useSyncExternalStore(
        (listener) => {
          socket.listeners.add(listener);
          return () => socket.listeners.delete(listener);
        },
        () => socket.state,
      ),
    }),
  };
});

const api = vi.hoisted(() => ({ list: vi.fn(), read: vi.fn(), rooms: vi.fn() }));
vi.mock('@/features/messages/api/get-direct-messages', () => ({ getDirectMessages: api.list }));
vi.mock('@/features/messages/api/mark-conversation-read', () => ({ markConversationRead: api.read }));
vi.mock('@/features/messages/api/get-conversations', () => ({ getConversations: api.rooms }));

function setState(state: StompState) {
  socket.state = state;
  for (const listener of socket.listeners) listener();
}

function message(id: string, minute: number, from = YOU, to = ME): DirectMessageDto {
  return {
    id,
    createdAt: new Date(Date.UTC(2026, 10, 21, 3, minute)).toISOString(),
    sender: from,
    receiver: to,
    content: id,
  };
}

function page(data: DirectMessageDto[], hasNext = false): CursorPage<DirectMessageDto> {
  return {
    data,
    totalCount: data.length,
    hasNext,
    nextCursor: hasNext ? 'c' : null,
    nextIdAfter: hasNext ? 'i' : null,
    sortBy: 'createdAt',
    sortDirection: 'DESCENDING',
  };
}

const topic = directMessageTopic(ME.userId, YOU.userId);

describe('useConversation', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    socket.handlers.clear();
    socket.published.length = 0;
    socket.state = 'connecting';
    api.read.mockResolvedValue(undefined);
    api.rooms.mockResolvedValue([]);
  });

  it('shows the history oldest first, marks it read, and adds live messages once each', async () => {
    api.list.mockResolvedValue(page([message('m2', 2), message('m1', 1)]));
    const { result } = renderHook(() => useConversation(ME.userId, YOU.userId), queryWrapper());
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2']));
    expect(api.list).toHaveBeenCalledWith({ userId: YOU.userId, limit: 20 });
    await waitFor(() => expect(api.read).toHaveBeenCalledWith(YOU.userId));

    const handler = socket.handlers.get(topic)!;
    act(() => {
      handler(message('m3', 3, ME, YOU), {} as never);
      handler(message('m3', 3, ME, YOU), {} as never);
      handler(message('m2', 2), {} as never);
    });
    // Live messages go into the cached history, which reaches the hook a tick later.
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']));
  });

  it('keeps a live message that came before the history did', async () => {
    let answer!: (value: CursorPage<DirectMessageDto>) => void;
    api.list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useConversation(ME.userId, YOU.userId), queryWrapper());
    act(() => socket.handlers.get(topic)!(message('m2', 2), {} as never));
    await act(async () => answer(page([message('m1', 1)])));
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2']));
  });

  it('sends only while connected, from me to the partner', async () => {
    api.list.mockResolvedValue(page([]));
    const { result } = renderHook(() => useConversation(ME.userId, YOU.userId), queryWrapper());
    expect(result.current.send('안녕')).toBe(false);
    act(() => setState('connected'));
    expect(result.current.connectionState).toBe('connected');
    expect(result.current.send('안녕')).toBe(true);
    expect(socket.published).toEqual([
      {
        destination: DM_SEND_DESTINATION,
        body: { senderId: ME.userId, receiverId: YOU.userId, content: '안녕' },
      },
    ]);
  });

  it('after a reconnect, fills in what was sent while it was down', async () => {
    api.list.mockResolvedValueOnce(page([message('m1', 1)]));
    const { result } = renderHook(() => useConversation(ME.userId, YOU.userId), queryWrapper());
    act(() => setState('connected'));
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1']));
    expect(api.list).toHaveBeenCalledTimes(1);

    api.list.mockResolvedValueOnce(page([message('m3', 3), message('m2', 2), message('m1', 1)]));
    act(() => setState('closed'));
    act(() => setState('connecting'));
    act(() => setState('connected'));
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']));
    expect(api.list).toHaveBeenCalledTimes(2);
  });
});
