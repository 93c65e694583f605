import { CloudRain, Thermometer } from 'lucide-react';
import { ko, type TripDto } from '@otboo/contract';
import { Badge } from '@/components/ui/badge';
import { ClothesPhoto } from '@/components/ui/clothes-tile';
import { tripDayLabel } from '@/features/trips/utils/trip-format';

/** Each day of the trip: its weather (forecast, or the month's normals: '평년 기후') and its outfit. */
export function TripDays({ trip }: { trip: TripDto }) {
  const t = ko.trips;
  const round = (v: number) => Math.round(v);
  return (
    <section aria-labelledby="trip-days-title" className="flex flex-col gap-3">
      <h2 id="trip-days-title" className="text-lg font-bold text-ink">
        {t.days}
      </h2>
      <ol className="flex flex-col gap-3">
        {trip.days.map((day) => (
          <li key={day.date} className="rounded-[var(--radius-card)] border border-line bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-[15px] font-bold text-ink">{tripDayLabel(day.date)}</h3>
              {day.source === 'climatology' ? (
                <Badge tone="brand">{t.climatology}</Badge>
              ) : (
                <Badge tone="success">{t.forecast}</Badge>
              )}
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
              <span className="inline-flex items-center gap-1">
                <Thermometer className="size-4" aria-hidden />
                {t.minMax(round(day.temperature.min), round(day.temperature.max))}
              </span>
              <span className="inline-flex items-center gap-1">
                <CloudRain className="size-4" aria-hidden />
                {t.rainChance(round(day.precipitationProbability))}
              </span>
            </p>
            {day.outfit.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">{t.noOutfit}</p>
            ) : (
              <ul
                className="mt-3 flex gap-2 overflow-x-auto pb-1"
                aria-label={`${tripDayLabel(day.date)} 코디`}
              >
                {day.outfit.map((piece) => (
                  <li key={piece.clothesId ?? piece.name} className="flex w-18 shrink-0 flex-col gap-1">
                    <span className="block size-18 overflow-hidden rounded-lg border border-line bg-surface-soft">
                      <ClothesPhoto src={piece.thumbnailUrl ?? piece.imageUrl} alt={piece.name} />
                    </span>
                    <span className="line-clamp-2 text-xs break-keep text-ink-soft" aria-hidden>
                      {piece.name}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
