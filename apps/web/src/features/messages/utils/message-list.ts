import type { DirectMessageDto } from '@otboo/contract';
import { localDayKey } from '@/features/messages/utils/chat-time';

/**
 * One conversation in display order: every message once (by id; a later copy wins), sorted by createdAt
 * ascending, ties by id (ids are time-ordered).
 */
export function mergeMessages(...lists: DirectMessageDto[][]): DirectMessageDto[] {
  const byId = new Map<string, DirectMessageDto>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => {
    const at = Date.parse(a.createdAt);
    const bt = Date.parse(b.createdAt);
    if (at !== bt) return at - bt;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

export interface MessageDay {
  key: string;
  /** The first message's time, for the date header. */
  createdAt: string;
  messages: DirectMessageDto[];
}

/** Sorted messages cut into local calendar days, each under its own date header. */
export function groupByDay(messages: DirectMessageDto[]): MessageDay[] {
  const days: MessageDay[] = [];
  for (const message of messages) {
    const key = localDayKey(message.createdAt);
    const last = days[days.length - 1];
    if (last && last.key === key) last.messages.push(message);
    else days.push({ key, createdAt: message.createdAt, messages: [message] });
  }
  return days;
}
