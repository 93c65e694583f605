import { ImageOff } from 'lucide-react';
import { useId } from 'react';
import { ko, type ClosetInsightsDto, type ClosetValueEntry } from '@otboo/contract';

/**
 * What the closet cost and what each wear costs (docs/api.md §10): the total spent on priced pieces, the five
 * cheapest per wear ('본전을 뽑은 옷') and the five dearest ('아직 본전이 먼 옷').
 */
export function ValueLists({ value }: { value: NonNullable<ClosetInsightsDto['value']> }) {
  const life = ko.clothes.life;
  const headingId = useId();
  const priced = value.best.length > 0;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        {life.valueTitle}
      </h2>
      {priced ? (
        <>
          <p className="text-[15px] font-bold text-brand-600">
            {life.totalSpent(life.won(value.totalSpent))}
          </p>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6">
            <ValueList title={life.best} entries={value.best} />
            <ValueList title={life.worst} entries={value.worst} />
          </div>
        </>
      ) : (
        <p className="py-4 text-center text-[15px] text-ink-muted">{life.noPrices}</p>
      )}
    </section>
  );
}

function ValueList({ title, entries }: { title: string; entries: readonly ClosetValueEntry[] }) {
  const life = ko.clothes.life;
  const headingId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 id={headingId} className="text-[15px] font-bold text-ink-soft">
        {title}
      </h3>
      <ol aria-labelledby={headingId} className="flex flex-col divide-y divide-line">
        {entries.map((e) => (
          <li key={e.clothesId} className="flex items-center gap-3 py-2.5">
            <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-surface-soft">
              {(e.thumbnailUrl ?? e.imageUrl) ? (
                <img
                  src={e.thumbnailUrl ?? e.imageUrl ?? ''}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                />
              ) : (
                <ImageOff className="size-5 text-ink-muted" aria-hidden />
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="truncate text-[15px] font-bold text-ink">{e.name}</span>
              <span className="text-[13px] text-ink-soft">
                {life.costPerWear(life.won(e.costPerWear), e.wearCount)} · {life.won(e.price)}
              </span>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
