import { ko, type ClothesDto } from '@otboo/contract';
import { formatDay, isAway } from '@/features/clothes/utils/clothes-life';

/** '세탁 중 · 2026. 11. 30.까지' over a card's photo while the piece is away; nothing otherwise. */
export function AvailabilityBadge({ clothes }: { clothes: ClothesDto }) {
  const availability = clothes.availability;
  if (!availability || !isAway(clothes)) return null;
  const life = ko.clothes.life;
  return (
    <span className="absolute bottom-2.5 left-2.5 z-2 inline-flex max-w-[calc(100%-1.25rem)] items-center gap-1 truncate rounded-full bg-ink/80 px-2.5 py-1 text-xs font-bold text-white">
      {life.states[availability.state]}
      {availability.until ? (
        <span className="font-normal"> · {life.untilBadge(formatDay(availability.until))}</span>
      ) : null}
    </span>
  );
}
