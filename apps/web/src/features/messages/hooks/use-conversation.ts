import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DirectMessageDto,
  DM_SEND_DESTINATION,
  directMessageTopic,
  ko,
  type DirectMessageSendRequest,
} from '@otboo/contract';
import { getDirectMessages, type DirectMessageListParams } from '@/features/messages/api/get-direct-messages';
import { markConversationRead } from '@/features/messages/api/mark-conversation-read';
import {
  markConversationReadInCache,
  refreshConversations,
} from '@/features/messages/hooks/use-conversations';
import { useStompConnection } from '@/features/messages/hooks/use-stomp-connection';
import { mergeMessages } from '@/features/messages/utils/message-list';
import { insertSorted, type ListData } from '@/lib/cursor-list';
import { isOffline } from '@/lib/network';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useCursorList } from '@/lib/use-cursor-list';

/** Messages load 20 at a time (docs/product.md §9). */
export const MESSAGE_PAGE_SIZE = 20;
/** Messages that arrive together are marked read with one request. */
const READ_DELAY_MS = 400;

type MessageListQuery = Omit<DirectMessageListParams, 'cursor' | 'idAfter'>;

const historyKey = (partnerId: string) =>
  queryKeys.messages.list<MessageListQuery>({ userId: partnerId, limit: MESSAGE_PAGE_SIZE });

/**
 * One conversation between the signed-in user and a partner: the history (newest page first from the
 * server, older pages on demand), live messages from the conversation's topic (deduplicated by id), the
 * send function, and read receipts — on opening and for every message the partner sends while it is open
 * (`onRead` runs after each).
 */
export function useConversation(viewerId: string, partnerId: string, onRead?: () => void) {
  const queryClient = useQueryClient();
  const { connection, state } = useStompConnection();
  const history = useCursorList<DirectMessageDto, MessageListQuery>({
    queryKey: historyKey(partnerId),
    fetchPage: getDirectMessages,
  });
  // Messages that came before the history's first page did: that answer would replace them in the cache.
  const [early, setEarly] = useState<DirectMessageDto[]>([]);
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });

  /** Puts messages into the cached history (once each by id), or aside while it has not loaded yet. */
  const receive = useCallback(
    (messages: DirectMessageDto[]) => {
      const key = historyKey(partnerId);
      const cached = queryClient.getQueryData<ListData<DirectMessageDto>>(key);
      if (!cached) {
        setEarly((current) => mergeMessages(current, messages));
        return;
      }
      // The list is newest first without a sortBy: a new message goes on top, where its page would put it.
      const next = messages.reduce((data, message) => insertSorted(data, message, {}), cached);
      if (next !== cached) queryClient.setQueryData(key, next);
    },
    [queryClient, partnerId],
  );

  const markRead = useCallback(() => {
    markConversationRead(partnerId)
      .then(() => {
        markConversationReadInCache(queryClient, partnerId);
        onReadRef.current?.();
        return refreshConversations(queryClient);
      })
      .catch((error: unknown) => console.error(error));
  }, [queryClient, partnerId]);

  useEffect(() => {
    markRead();
    return () => {
      // A message the partner sent just before closing was seen: its read receipt still goes out.
      if (readTimer.current) {
        clearTimeout(readTimer.current);
        readTimer.current = null;
        markRead();
      }
    };
  }, [markRead]);

  useEffect(
    () =>
      connection.subscribe(directMessageTopic(viewerId, partnerId), (body) => {
        const parsed = DirectMessageDto.safeParse(body);
        if (!parsed.success) {
          console.error('direct message with an unexpected payload', body);
          return;
        }
        const message = parsed.data;
        receive([message]);
        if (message.sender.userId === partnerId) {
          if (readTimer.current) clearTimeout(readTimer.current);
          readTimer.current = setTimeout(() => {
            readTimer.current = null;
            markRead();
          }, READ_DELAY_MS);
        } else {
          // My own message, back through the echo: the conversations list shows it as the latest.
          void refreshConversations(queryClient);
        }
      }),
    [connection, viewerId, partnerId, markRead, receive, queryClient],
  );

  // Messages sent while the connection was down never reach the topic: after a reconnect the newest page
  // fills the gap (merged by id like live ones).
  const wasConnected = useRef(false);
  useEffect(() => {
    if (state !== 'connected') return;
    if (!wasConnected.current) {
      wasConnected.current = true;
      return;
    }
    getDirectMessages({ userId: partnerId, limit: MESSAGE_PAGE_SIZE })
      .then((page) => {
        receive(page.data);
        markRead();
      })
      .catch((error: unknown) => console.error(error));
  }, [state, partnerId, markRead, receive]);

  const messages = useMemo(() => mergeMessages(history.items, early), [history.items, early]);

  /**
   * Publishes a message; false (nothing sent, the text stays in the box) when the connection is down. Offline the
   * socket may not have noticed yet: the message is refused with a notice rather than lost in a dead socket.
   * The echo adds a sent message to the list.
   */
  const send = useCallback(
    (content: string): boolean => {
      if (isOffline()) {
        toast.error(ko.offline.sendFailed);
        return false;
      }
      const body: DirectMessageSendRequest = { senderId: viewerId, receiverId: partnerId, content };
      return connection.publish(DM_SEND_DESTINATION, body);
    },
    [connection, viewerId, partnerId],
  );

  return {
    messages,
    loading: history.loading,
    error: history.error,
    hasOlder: history.hasNext,
    loadOlder: history.loadMore,
    retry: () => void history.retry(),
    connectionState: state,
    send,
  };
}
