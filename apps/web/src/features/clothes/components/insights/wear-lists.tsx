import { ImageOff } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { ko, type ClosetInsightsDto } from '@otboo/contract';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/utils/format-date';

/** Garments listed in each of the two lists; the rest are counted ('외 N벌'). */
export const WEAR_LIST_SHOWN = 10;

/**
 * How much each garment is worn (docs/api.md §9.4): the most worn with their wear count and the last day worn,
 * and the garments never worn with their count. A wear is one of the user's OOTD posts with the garment.
 */
export function WearLists({ insights }: { insights: ClosetInsightsDto }) {
  const worn = insights.wear.slice(0, WEAR_LIST_SHOWN);
  const never = insights.neverWorn.slice(0, WEAR_LIST_SHOWN);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6">
      <WearSection
        title={ko.clothes.insights.mostWorn}
        count={insights.wornCount}
        empty={ko.clothes.insights.noneWorn}
        more={insights.wornCount - worn.length}
      >
        {worn.map((item) => (
          <WearItem
            key={item.clothesId}
            name={item.name}
            type={ko.clothes.types[item.type]}
            photo={item.thumbnailUrl ?? item.imageUrl}
            detail={
              <>
                <span className="font-bold text-brand-600">
                  {ko.clothes.insights.wearCount(item.wearCount)}
                </span>
                {item.lastWornAt ? (
                  <span>{ko.clothes.insights.lastWorn(formatDate(item.lastWornAt))}</span>
                ) : null}
              </>
            }
          />
        ))}
      </WearSection>
      <WearSection
        title={ko.clothes.insights.neverWorn}
        count={insights.neverWornCount}
        empty={ko.clothes.insights.allWorn}
        more={insights.neverWornCount - never.length}
      >
        {never.map((item) => (
          <WearItem
            key={item.clothesId}
            name={item.name}
            type={ko.clothes.types[item.type]}
            photo={item.thumbnailUrl ?? item.imageUrl}
            detail={<span>{ko.clothes.insights.addedOn(formatDate(item.createdAt))}</span>}
          />
        ))}
      </WearSection>
    </div>
  );
}

function WearSection({
  title,
  count,
  empty,
  more,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  more: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={headingId} className="flex items-baseline gap-2 text-lg font-bold text-ink">
        {title}{' '}
        <span className="text-[15px] font-normal text-ink-muted">{ko.clothes.insights.countCell(count)}</span>
      </h2>
      {count === 0 ? (
        <p className="py-6 text-center text-[15px] text-ink-muted">{empty}</p>
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-line">{children}</ol>
          {more > 0 ? <p className="text-sm text-ink-muted">{ko.clothes.insights.more(more)}</p> : null}
        </>
      )}
    </section>
  );
}

function WearItem({
  name,
  type,
  photo,
  detail,
}: {
  name: string;
  type: string;
  photo: string | null;
  detail: ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-surface-soft">
        {photo ? (
          <img src={photo} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <ImageOff className="size-5 text-ink-muted" aria-hidden />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate text-[15px] font-bold text-ink">{name}</span>
          <Badge tone="brand" className="shrink-0">
            {type}
          </Badge>
        </p>
        <p className="flex flex-wrap gap-x-2 text-[13px] text-ink-muted">{detail}</p>
      </div>
    </li>
  );
}
