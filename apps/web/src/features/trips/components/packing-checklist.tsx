import { Check } from 'lucide-react';
import { ko, type TripDto } from '@otboo/contract';
import { ClothesPhoto } from '@/components/ui/clothes-tile';
import { useSetPacked } from '@/features/trips/hooks/use-trips';
import { packedCount } from '@/features/trips/utils/trip-format';
import { cn } from '@/utils/cn';

/** The packing checklist: each piece once, how many days it is worn, ticked as packed (kept by the server). */
export function PackingChecklist({ trip }: { trip: TripDto }) {
  const t = ko.trips;
  const setPacked = useSetPacked(trip.id);
  const { packed, total } = packedCount(trip);
  return (
    <section aria-labelledby="packing-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="packing-title" className="text-lg font-bold text-ink">
          {t.packingList}
        </h2>
        <p className="text-sm font-bold text-brand-700" aria-live="polite">
          {t.packedCount(packed, total)}
        </p>
      </div>
      {total === 0 ? (
        <p className="rounded-xl bg-surface-soft px-4 py-6 text-center text-sm text-ink-soft">
          {t.packingEmpty}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {trip.packingList.map((item) => {
            const id = `pack-${item.clothesId}`;
            return (
              <li key={item.clothesId}>
                <label
                  htmlFor={id}
                  className={cn(
                    'relative flex min-h-16 cursor-pointer items-center gap-3 rounded-xl border bg-white px-3 py-2 transition-colors',
                    'has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-200',
                    item.packed ? 'border-brand-200 bg-brand-50' : 'border-line hover:bg-surface-soft',
                  )}
                >
                  <input
                    id={id}
                    type="checkbox"
                    checked={item.packed}
                    onChange={(e) =>
                      setPacked.mutate({ clothesId: item.clothesId, packed: e.target.checked })
                    }
                    // Over the drawn box, transparent: the native checkbox takes the taps, the keys and the focus.
                    className="peer absolute top-1/2 left-3 m-0 size-6 -translate-y-1/2 cursor-pointer opacity-0"
                  />
                  <span
                    aria-hidden
                    className={cn(
                      'flex size-6 shrink-0 items-center justify-center rounded-md border-2',
                      'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                      item.packed ? 'border-brand-600 bg-brand-600 text-white' : 'border-ink-muted bg-white',
                    )}
                  >
                    {item.packed ? <Check className="size-4" strokeWidth={3} /> : null}
                  </span>
                  <span aria-hidden className="size-12 shrink-0 overflow-hidden rounded-lg bg-surface-soft">
                    <ClothesPhoto src={item.thumbnailUrl ?? item.imageUrl} alt={item.name} />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span
                      className={cn(
                        'truncate text-[15px] font-bold',
                        item.packed ? 'text-ink-soft line-through' : 'text-ink',
                      )}
                    >
                      {item.name}
                    </span>
                    <span className="text-[13px] text-ink-soft">
                      {ko.clothes.types[item.type]} · {t.usedDays(item.days)}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
