import type { DirectMessageDto, UserSummary } from '@otboo/contract';
import type { directMessages } from '../../db/schema/index.js';
import { oneLinePreview } from '../../lib/one-line-preview.js';

export type DirectMessageRow = typeof directMessages.$inferSelect;

/** One key per conversation: the two user ids in string order (the STOMP topic orders them the same way). */
export function pairKeyOf(a: string, b: string): string {
  return a < b ? `${a}_${b}` : `${b}_${a}`;
}

/** Someone missing from the map (deleted meanwhile) still renders. */
function summaryOf(people: ReadonlyMap<string, UserSummary>, userId: string): UserSummary {
  return people.get(userId) ?? { userId, name: '', profileImageUrl: null };
}

export function toDirectMessageDto(
  row: Pick<DirectMessageRow, 'id' | 'senderId' | 'receiverId' | 'content' | 'createdAt'>,
  people: ReadonlyMap<string, UserSummary>,
): DirectMessageDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    sender: summaryOf(people, row.senderId),
    receiver: summaryOf(people, row.receiverId),
    content: row.content,
  };
}

const PREVIEW_CHARS = 50;

/** The notification line for a message: the first 50 characters on one line. */
export function messagePreview(content: string): string {
  return oneLinePreview(content, PREVIEW_CHARS);
}
