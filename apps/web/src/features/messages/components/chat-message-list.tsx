import { useLayoutEffect, useMemo, useRef } from 'react';
import { ko, type DirectMessageDto, type UserSummary } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { chatDateHeader, chatTimeLabel } from '@/features/messages/utils/chat-time';
import { groupByDay } from '@/features/messages/utils/message-list';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { useNow } from '@/hooks/use-now';
import { cn } from '@/utils/cn';

/** Spec §2 "Chat dialog": older messages load when the top comes within 10px. */
const OLDER_ROOT_MARGIN = '10px';
/** Closer than this to the bottom, a new message scrolls into view. */
const STICK_TO_BOTTOM_PX = 80;

interface ChatMessageListProps {
  partner: UserSummary;
  viewerId: string;
  /** Sorted ascending by createdAt. */
  messages: DirectMessageDto[];
  loading: boolean;
  error: string | null;
  hasOlder: boolean;
  onLoadOlder(): void;
  onRetry(): void;
}

/**
 * The conversation under date headers: mine blue on the right, the partner's gray on the left, each with
 * its time label. It opens at the newest message, loads older ones when scrolled to the top (with a
 * skeleton) without moving what is on screen, and follows new messages while the reader is at the bottom.
 */
export function ChatMessageList({
  partner,
  viewerId,
  messages,
  loading,
  error,
  hasOlder,
  onLoadOlder,
  onRetry,
}: ChatMessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Asked for older messages, not yet shown.
  const loadingOlder = useRef(false);
  // Taken once the skeleton shows: the distance from the content's end to the viewport's top, restored when
  // the older page replaces the skeleton, so that the messages on screen stay where they are.
  const anchor = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  const newestId = useRef<string | null>(null);
  const days = useMemo(() => groupByDay(messages), [messages]);
  const now = useNow(60_000);

  const sentinel = useInfiniteScroll<HTMLDivElement>({
    enabled: hasOlder && !loading && !error && messages.length > 0,
    rootMargin: OLDER_ROOT_MARGIN,
    root: scrollRef,
    onReachEnd: () => {
      loadingOlder.current = true;
      onLoadOlder();
    },
  });

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const newest = messages[messages.length - 1];
    if (loadingOlder.current && loading) {
      // The skeleton is at the top, in view: measure from here.
      anchor.current = el.scrollHeight - el.scrollTop;
    } else if (loadingOlder.current) {
      if (anchor.current !== null) el.scrollTop = el.scrollHeight - anchor.current;
      loadingOlder.current = false;
      anchor.current = null;
    } else if (newest && newest.id !== newestId.current) {
      const first = newestId.current === null;
      if (first || stickToBottom.current || newest.sender.userId === viewerId) el.scrollTop = el.scrollHeight;
    }
    newestId.current = newest?.id ?? null;
  }, [messages, loading, viewerId]);

  function onScroll() {
    const el = scrollRef.current;
    if (el) stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
  }

  const empty = !loading && !error && messages.length === 0;
  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-surface-soft px-4 py-4"
    >
      <div ref={sentinel} aria-hidden className="h-px" />
      {loading ? <MessageSkeletons /> : null}
      {error ? (
        <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center text-sm text-ink-soft">
          <p>{ko.messages.loadFailed}</p>
          <button
            type="button"
            onClick={onRetry}
            className="rounded-lg px-3 py-1.5 font-bold text-brand-600 hover:bg-brand-50"
          >
            {ko.common.retry}
          </button>
        </div>
      ) : null}
      {empty ? (
        <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
          <Avatar src={partner.profileImageUrl} alt="" size={64} />
          <p className="text-[15px] text-ink-soft">{ko.messages.startConversation(partner.name)}</p>
        </div>
      ) : null}
      <div role="log" aria-label={ko.messages.messageLog} className="flex flex-col gap-1.5">
        {days.map((day) => (
          <section
            key={day.key}
            aria-label={chatDateHeader(day.createdAt, now)}
            className="flex flex-col gap-1.5"
          >
            <h3 className="my-3 flex items-center gap-3 text-xs font-bold text-ink-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
              {chatDateHeader(day.createdAt, now)}
            </h3>
            {day.messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.sender.userId === viewerId}
                now={now}
              />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

function MessageBubble({ message, mine, now }: { message: DirectMessageDto; mine: boolean; now: Date }) {
  return (
    <div data-mine={mine} className={cn('flex items-end gap-1.5', mine ? 'flex-row-reverse' : 'flex-row')}>
      <p
        className={cn(
          'max-w-[75%] rounded-2xl px-3.5 py-2 text-[15px] leading-relaxed break-words whitespace-pre-wrap',
          mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-line/70 text-ink',
        )}
      >
        <span className="sr-only">{ko.messages.sentBy(mine ? ko.messages.me : message.sender.name)} </span>
        {message.content}
      </p>
      <time
        dateTime={message.createdAt}
        title={new Date(message.createdAt).toLocaleString('ko-KR')}
        className="shrink-0 pb-0.5 text-[11px] text-ink-muted"
      >
        {chatTimeLabel(message.createdAt, now)}
      </time>
    </div>
  );
}

function MessageSkeletons() {
  return (
    <div className="flex flex-col gap-2 pb-2">
      <span className="sr-only" role="status">
        {ko.messages.loadingOlder}
      </span>
      {['w-40', 'w-56', 'w-32'].map((width, i) => (
        <div
          key={width}
          aria-hidden
          className={cn('flex animate-pulse', i % 2 === 1 ? 'justify-end' : 'justify-start')}
        >
          <div className={cn('h-9 rounded-2xl bg-line/70', width)} />
        </div>
      ))}
    </div>
  );
}
