import { ChevronLeft, ChevronRight, Shirt } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { ko, type OotdDto } from '@otboo/contract';
import { nextIndex, previousIndex } from '@/features/feeds/utils/carousel-index';
import { tileImage } from '@/features/feeds/utils/preview-tiles';
import { GarmentCaption } from '@/components/ui/garment-caption';
import { cn } from '@/utils/cn';

/** A garment picture, or the shirt placeholder when it has none. */
function GarmentImage({
  src,
  alt,
  className,
  iconClassName,
}: {
  src: string | null;
  alt: string;
  className?: string;
  iconClassName?: string;
}) {
  if (!src) {
    return (
      <span className={cn('flex items-center justify-center bg-white text-ink-muted', className)}>
        <Shirt className={cn('size-8', iconClassName)} aria-hidden />
        <span className="sr-only">{alt}</span>
      </span>
    );
  }
  return <img src={src} alt={alt} className={cn('bg-white object-contain', className)} />;
}

/**
 * The outfit of a feed, one garment at a time (docs/product.md §2 "Feed detail dialog"): previous and next wrap
 * around, thumbnails jump to a garment, and under the picture its name and attribute chips.
 */
export function OutfitCarousel({ items }: { items: readonly OotdDto[] }) {
  const [index, setIndex] = useState(0);
  const current = items[Math.min(index, items.length - 1)];
  if (!current) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 text-ink-muted">
        <Shirt className="size-10" aria-hidden />
        <p className="text-[15px]">{ko.feeds.noClothes}</p>
      </div>
    );
  }
  const many = items.length > 1;
  const go = (to: number) => setIndex(to);

  function onKeyDown(event: KeyboardEvent) {
    if (!many) return;
    if (event.key === 'ArrowLeft') go(previousIndex(index, items.length));
    else if (event.key === 'ArrowRight') go(nextIndex(index, items.length));
    else return;
    event.preventDefault();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={ko.feeds.outfit}
      onKeyDown={onKeyDown}
      className="flex h-full min-h-0 flex-col gap-4"
    >
      <div className="relative min-h-0 flex-1 overflow-hidden rounded-2xl bg-white">
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={ko.feeds.slideOf(index + 1, items.length)}
          className="flex h-full items-center justify-center"
        >
          <GarmentImage
            src={current.imageUrl ?? current.thumbnailUrl}
            alt={current.name}
            className="size-full"
            iconClassName="size-16"
          />
        </div>
        {many ? (
          <>
            <CarouselButton
              side="left"
              label={ko.feeds.previous}
              onClick={() => go(previousIndex(index, items.length))}
            />
            <CarouselButton
              side="right"
              label={ko.feeds.next}
              onClick={() => go(nextIndex(index, items.length))}
            />
            <span
              className="absolute right-3 bottom-3 rounded-full bg-ink/60 px-2.5 py-0.5 text-xs font-bold text-white tabular-nums"
              aria-hidden
            >
              {index + 1} / {items.length}
            </span>
          </>
        ) : null}
      </div>

      {many ? (
        <ul className="flex shrink-0 gap-2 overflow-x-auto pb-1" aria-label={ko.feeds.outfitThumbnails}>
          {items.map((item, i) => (
            <li key={`${item.clothesId ?? 'deleted'}-${i}`}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={item.name}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block size-14 overflow-hidden rounded-xl border-2 transition-colors',
                  i === index ? 'border-brand-500' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <GarmentImage
                  src={tileImage(item)}
                  alt=""
                  className="size-full object-cover"
                  iconClassName="size-5"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="flex shrink-0 flex-col gap-2">
        <GarmentCaption garment={current} size="md" />
      </div>
    </section>
  );
}

function CarouselButton({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick(): void;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md hover:bg-white',
        side === 'left' ? 'left-3' : 'right-3',
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
