import { CloudOff, History } from 'lucide-react';
import { ko, type WeatherDto } from '@otboo/contract';

/**
 * Says plainly when the days are not a live forecast: estimated from climate normals (`source:
 * climatology`) or an older stored forecast served because the provider failed (`stale`).
 */
export function WeatherNotices({ days }: { days: WeatherDto[] }) {
  const estimated = days.some((day) => day.source === 'climatology');
  const stale = days.some((day) => day.stale);
  if (!estimated && !stale) return null;
  return (
    <div role="status" className="flex flex-col gap-2">
      {estimated ? (
        <p className="flex items-center gap-2 self-start rounded-xl bg-black/20 px-3.5 py-2 text-sm font-bold text-white backdrop-blur-sm">
          <CloudOff className="size-4 shrink-0" aria-hidden />
          {ko.weather.climatologyNotice}
        </p>
      ) : null}
      {stale ? (
        <p className="flex items-center gap-2 self-start rounded-xl bg-black/20 px-3.5 py-2 text-sm font-bold text-white backdrop-blur-sm">
          <History className="size-4 shrink-0" aria-hidden />
          {ko.weather.staleNotice}
        </p>
      ) : null}
    </div>
  );
}
