import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DirectMessageDto,
  DM_SEND_DESTINATION,
  directMessageTopic,
  type DirectMessageSendRequest,
} from '@otboo/contract';
import { getDirectMessages, type DirectMessageListParams } from '@/features/messages/api/get-direct-messages';
import { markConversationRead } from '@/features/messages/api/mark-conversation-read';
import { useStompConnection } from '@/features/messages/hooks/use-stomp-connection';
import { useConversations } from '@/features/messages/stores/conversations-store';
import { mergeMessages } from '@/features/messages/utils/message-list';
import { createListStore, type ListParams } from '@/lib/create-list-store';

/** Messages load 20 at a time (spec §9). */
export const MESSAGE_PAGE_SIZE = 20;
/** Messages that arrive together are marked read with one request. */
const READ_DELAY_MS = 400;

type MessageListParams = ListParams & DirectMessageListParams;

/**
 * One conversation between the signed-in user and a partner: the history (newest page first from the
 * server, older pages on demand), live messages from the conversation's topic (deduplicated by id), the
 * send function, and read receipts — on opening and for every message the partner sends while it is open
 * (`onRead` runs after each).
 */
export function useConversation(viewerId: string, partnerId: string, onRead?: () => void) {
  const { connection, state } = useStompConnection();
  const [useHistory] = useState(() =>
    createListStore<DirectMessageDto, MessageListParams>(getDirectMessages, {
      userId: partnerId,
      limit: MESSAGE_PAGE_SIZE,
    }),
  );
  const history = useHistory();
  const [live, setLive] = useState<DirectMessageDto[]>([]);
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });

  const markRead = useCallback(() => {
    markConversationRead(partnerId)
      .then(() => {
        useConversations.getState().markReadLocally(partnerId);
        onReadRef.current?.();
        return useConversations.getState().refresh();
      })
      .catch((error: unknown) => console.error(error));
  }, [partnerId]);

  useEffect(() => {
    void useHistory.getState().fetch({ force: true });
    useConversations.getState().setOpenPartner(partnerId);
    markRead();
    return () => {
      useConversations.getState().setOpenPartner(null);
      useHistory.getState().reset();
      // A message the partner sent just before closing was seen: its read receipt still goes out.
      if (readTimer.current) {
        clearTimeout(readTimer.current);
        readTimer.current = null;
        markRead();
      }
    };
  }, [useHistory, markRead, partnerId]);

  useEffect(
    () =>
      connection.subscribe(directMessageTopic(viewerId, partnerId), (body) => {
        const parsed = DirectMessageDto.safeParse(body);
        if (!parsed.success) {
          console.error('direct message with an unexpected payload', body);
          return;
        }
        const message = parsed.data;
        setLive((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));
        if (message.sender.userId === partnerId) {
          if (readTimer.current) clearTimeout(readTimer.current);
          readTimer.current = setTimeout(() => {
            readTimer.current = null;
            markRead();
          }, READ_DELAY_MS);
        } else {
          // My own message, back through the echo: the conversations list shows it as the latest.
          void useConversations.getState().refresh();
        }
      }),
    [connection, viewerId, partnerId, markRead],
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
        setLive((current) => mergeMessages(current, page.data));
        markRead();
      })
      .catch((error: unknown) => console.error(error));
  }, [state, partnerId, markRead]);

  const messages = useMemo(() => mergeMessages(history.data, live), [history.data, live]);

  /** Publishes a message; false (nothing sent) when the connection is down. The echo adds it to the list. */
  const send = useCallback(
    (content: string): boolean => {
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
    retry: () => void (history.data.length > 0 ? history.loadMore() : history.fetch({ force: true })),
    connectionState: state,
    send,
  };
}
