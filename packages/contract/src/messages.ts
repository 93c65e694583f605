import { z } from 'zod';
import { Id, Instant, LIMITS, PageQuery, UserSummary, cursorPage } from './common.js';
import { multilineText } from './safe-text.js';
import { ko } from './texts.ko.js';

export const DirectMessageDto = z.object({
  id: z.string(),
  createdAt: Instant,
  sender: UserSummary,
  receiver: UserSummary,
  content: z.string(),
});
export type DirectMessageDto = z.infer<typeof DirectMessageDto>;

export const MessageContent = multilineText(
  LIMITS.messageMax,
  ko.messages.contentRequired,
  ko.messages.contentTooLong,
);

/** STOMP SEND body to `/pub/direct-messages_send`. */
export const DirectMessageSendRequest = z.object({
  senderId: Id,
  receiverId: Id,
  content: MessageContent,
});
export type DirectMessageSendRequest = z.infer<typeof DirectMessageSendRequest>;

export const DirectMessageListQuery = PageQuery.extend({ userId: Id });
export type DirectMessageListQuery = z.infer<typeof DirectMessageListQuery>;
export const DirectMessagePage = cursorPage(DirectMessageDto);

export const DirectMessageRoomDto = z.object({
  partner: UserSummary,
  lastMessage: DirectMessageDto,
  unreadCount: z.number().int(),
});
export type DirectMessageRoomDto = z.infer<typeof DirectMessageRoomDto>;
export const DirectMessageRoomList = z.array(DirectMessageRoomDto);
/** `PATCH /api/direct-messages/rooms/{userId}/read`: the conversation partner. */
export const DirectMessageRoomParams = z.object({ userId: Id });
