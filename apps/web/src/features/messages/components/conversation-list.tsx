import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { ko, type DirectMessageRoomDto, type UserSummary } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { refreshConversations, useConversations } from '@/features/messages/hooks/use-conversations';
import { chatTimeLabel } from '@/features/messages/utils/chat-time';
import { useNow } from '@/hooks/use-now';
import { badgeText } from '@/utils/badge-text';

interface ConversationListProps {
  viewerId: string;
  onPick(partner: UserSummary): void;
}

/**
 * My conversations, latest first: partner, last message, its time and the unread count. Reloads on opening
 * (a list shown anew asks the server again).
 */
export function ConversationList({ viewerId, onPick }: ConversationListProps) {
  const queryClient = useQueryClient();
  const { rooms, loading, error } = useConversations();
  const now = useNow(60_000);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <h2 className="shrink-0 border-b border-line px-5 pt-4 pb-3 text-[17px] font-bold text-ink">
        {ko.messages.conversations}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {rooms.length > 0 ? (
          <ul aria-label={ko.messages.conversations} className="flex flex-col p-2">
            {rooms.map((room) => (
              <li key={room.partner.userId}>
                <ConversationRow room={room} viewerId={viewerId} now={now} onPick={onPick} />
              </li>
            ))}
          </ul>
        ) : loading ? (
          <ConversationSkeletons />
        ) : error ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-2 px-6 py-10 text-center text-sm text-ink-soft"
          >
            <p>{ko.messages.conversationsLoadFailed}</p>
            <button
              type="button"
              onClick={() => void refreshConversations(queryClient)}
              className="rounded-lg px-3 py-1.5 font-bold text-brand-600 hover:bg-brand-50"
            >
              {ko.common.retry}
            </button>
          </div>
        ) : (
          <div className="flex flex-col items-center justify-center gap-2 px-8 py-20 text-center">
            <MessagesSquare className="mb-1 size-8 text-ink-muted" aria-hidden />
            <p className="text-[15px] text-ink-soft">{ko.messages.noConversations}</p>
            <p className="text-sm text-ink-muted">{ko.messages.noConversationsHint}</p>
          </div>
        )}
      </div>
    </div>
  );
}

function ConversationRow({
  room,
  viewerId,
  now,
  onPick,
}: {
  room: DirectMessageRoomDto;
  viewerId: string;
  now: Date;
  onPick(partner: UserSummary): void;
}) {
  const { partner, lastMessage, unreadCount } = room;
  const mine = lastMessage.sender.userId === viewerId;
  return (
    <button
      type="button"
      onClick={() => onPick(partner)}
      className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors hover:bg-surface focus-visible:bg-surface"
    >
      <Avatar src={partner.profileImageUrl} alt="" size={44} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate text-[15px] font-bold text-ink">{partner.name}</span>
          <time dateTime={lastMessage.createdAt} className="shrink-0 text-xs text-ink-muted">
            {chatTimeLabel(lastMessage.createdAt, now)}
          </time>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={
              unreadCount > 0 ? 'truncate text-sm font-bold text-ink' : 'truncate text-sm text-ink-soft'
            }
          >
            {mine ? `${ko.messages.me}: ` : ''}
            {lastMessage.content}
          </span>
          {unreadCount > 0 ? (
            <span
              aria-label={ko.messages.unreadCount(unreadCount)}
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white"
            >
              {badgeText(unreadCount)}
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}

function ConversationSkeletons() {
  return (
    <div aria-hidden className="flex flex-col p-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex animate-pulse items-center gap-3 px-3 py-2.5">
          <div className="size-11 rounded-full bg-surface" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-3.5 w-1/3 rounded bg-surface" />
            <div className="h-3 w-2/3 rounded bg-surface" />
          </div>
        </div>
      ))}
    </div>
  );
}
