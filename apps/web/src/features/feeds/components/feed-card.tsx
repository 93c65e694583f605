import { Heart, MessageCircle, Shirt } from 'lucide-react';
import { Link } from 'react-router';
import { ko, type FeedDto, type OotdDto } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { FeedWeather } from '@/features/feeds/components/feed-weather';
import { formatClock, formatMonthDay, formatRelativeTime } from '@/features/feeds/utils/feed-time';
import { previewTiles, tileImage } from '@/features/feeds/utils/preview-tiles';
import { cn } from '@/utils/cn';

interface FeedCardProps {
  feed: FeedDto;
  onOpen(feed: FeedDto): void;
}

/**
 * One feed in a grid (spec §2 "Feeds"): up to three garment pictures with '+N', the text clamped to three
 * lines, the weather, the date and time with a relative age, and the like and comment counts. The whole
 * card opens the detail dialog; the author's name goes to the profile.
 */
export function FeedCard({ feed, onOpen }: FeedCardProps) {
  const profile = paths.profiles.href(feed.author.userId);
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-lg">
      {/* A stretched button under the content: the card is one click target, the author link stays its own. */}
      <button
        type="button"
        onClick={() => onOpen(feed)}
        aria-label={ko.feeds.openFeed(feed.author.name)}
        className="absolute inset-0 z-0 cursor-pointer focus:outline-none"
      />
      <CardImages ootds={feed.ootds} />
      <div className="pointer-events-none relative flex flex-1 flex-col gap-2.5 p-4">
        <div className="flex items-center gap-2">
          <Avatar src={feed.author.profileImageUrl} alt="" size={26} />
          <Link
            to={profile}
            className="pointer-events-auto relative z-10 min-w-0 truncate py-0.5 text-sm font-bold text-ink hover:underline"
          >
            {feed.author.name}
          </Link>
          <span className="ml-auto shrink-0 text-xs text-ink-muted">
            {formatRelativeTime(feed.createdAt)}
          </span>
        </div>
        <p className="line-clamp-3 min-h-[3lh] text-sm leading-relaxed break-words whitespace-pre-line text-ink-soft">
          {feed.content}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-1 text-[13px] text-ink-muted">
          <span className="flex min-w-0 items-center gap-2">
            <FeedWeather weather={feed.weather} className="text-[13px] font-bold" />
            <time dateTime={feed.createdAt} className="truncate tabular-nums">
              {formatMonthDay(feed.createdAt)} {formatClock(feed.createdAt)}
            </time>
          </span>
          <span className="flex shrink-0 items-center gap-2.5 tabular-nums">
            <span className="inline-flex items-center gap-1">
              <Heart
                className={cn('size-4', feed.likedByMe ? 'fill-red-500 text-red-500' : '')}
                aria-hidden
              />
              <span className="sr-only">{ko.feeds.likeCountLabel}</span>
              {feed.likeCount}
            </span>
            <span className="inline-flex items-center gap-1">
              <MessageCircle className="size-4" aria-hidden />
              <span className="sr-only">{ko.feeds.commentCountLabel}</span>
              {feed.commentCount}
            </span>
          </span>
        </div>
      </div>
    </article>
  );
}

/** One picture fills the frame, two split it, three put the first beside a stack of two. */
const LAYOUTS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-2 grid-rows-2'] as const;

function CardImages({ ootds }: { ootds: readonly OotdDto[] }) {
  const { items, hidden } = previewTiles(ootds);
  if (items.length === 0) {
    return (
      <div className="pointer-events-none flex aspect-square items-center justify-center bg-surface text-ink-muted">
        <Shirt className="size-10" aria-hidden />
      </div>
    );
  }
  return (
    <div className={cn('pointer-events-none grid aspect-square gap-0.5 bg-line', LAYOUTS[items.length])}>
      {items.map((item, i) => {
        const src = tileImage(item);
        const last = i === items.length - 1;
        return (
          <div
            key={`${item.clothesId ?? 'deleted'}-${i}`}
            className={cn(
              'relative overflow-hidden bg-surface',
              items.length === 3 && i === 0 && 'row-span-2',
            )}
          >
            {src ? (
              <img
                src={src}
                alt={item.name}
                loading="lazy"
                className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
              />
            ) : (
              <span className="flex size-full items-center justify-center text-ink-muted">
                <Shirt className="size-7" aria-hidden />
                <span className="sr-only">{item.name}</span>
              </span>
            )}
            {last && hidden > 0 ? (
              <span className="absolute inset-0 flex items-center justify-center bg-ink/55 text-xl font-bold text-white">
                <span aria-hidden>+{hidden}</span>
                <span className="sr-only">{ko.feeds.hiddenItems(hidden)}</span>
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
