import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DirectMessageRoomDto } from '@otboo/contract';
import { getConversations } from '@/features/messages/api/get-conversations';
import { useChatDialog } from '@/features/messages/stores/chat-dialog-store';
import { queryKeys } from '@/lib/query-keys';
import { errorText } from '@/utils/error-text';

const conversationsKey = queryKeys.messages.conversations();

/**
 * My conversations (latest first) for the top bar's list and its unread badge. The one open in the chat
 * dialog shows without unread messages: they are read as they arrive, even when a reload races the read
 * receipt.
 */
export function useConversations() {
  const openPartnerId = useChatDialog((s) => s.partner?.userId ?? null);
  const result = useQuery({ queryKey: conversationsKey, queryFn: getConversations });
  const rooms = useMemo(
    () =>
      (result.data ?? []).map((room) =>
        room.partner.userId === openPartnerId ? { ...room, unreadCount: 0 } : room,
      ),
    [result.data, openPartnerId],
  );
  return {
    rooms,
    loading: result.isFetching,
    error: result.error && !result.isFetching ? errorText(result.error) : null,
  };
}

/** Unread messages over every conversation (the top bar's badge). */
export function totalUnread(rooms: DirectMessageRoomDto[]): number {
  return rooms.reduce((sum, room) => sum + room.unreadCount, 0);
}

/**
 * A conversation changed (a message came or went out): the list loads again. A load already on its way
 * may predate the change, so it gives way to the new one.
 */
export function refreshConversations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: conversationsKey });
}

/** Shows a conversation as read as soon as the server took the read receipt, before the list reloads. */
export function markConversationReadInCache(queryClient: QueryClient, partnerId: string): void {
  queryClient.setQueryData<DirectMessageRoomDto[]>(conversationsKey, (rooms) =>
    rooms?.map((room) => (room.partner.userId === partnerId ? { ...room, unreadCount: 0 } : room)),
  );
}
