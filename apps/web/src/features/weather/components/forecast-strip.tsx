import { ko, type WeatherDto } from '@otboo/contract';
import { WeatherIcon } from '@/components/ui/weather-icon';
import { dayDate, dayLabel } from '@/features/weather/utils/day-label';
import { formatTemperature } from '@/features/weather/utils/weather-format';
import { cn } from '@/utils/cn';

interface ForecastStripProps {
  days: WeatherDto[];
  selectedId: string;
  onSelect(id: string): void;
}

/** The five days (spec §2): label, icon and rounded min/max; pressing a day selects it for the page. */
export function ForecastStrip({ days, selectedId, onSelect }: ForecastStripProps) {
  return (
    // Five narrow columns on a phone: smaller type, and min over max instead of side by side.
    <ul aria-label={ko.weather.forecastDays} className="grid grid-cols-5 gap-1.5 sm:gap-2.5">
      {days.map((day) => {
        const selected = day.id === selectedId;
        const label = dayLabel(day.forecastAt);
        const date = dayDate(day.forecastAt);
        return (
          <li key={day.id}>
            <button
              type="button"
              aria-pressed={selected}
              aria-label={`${label === date ? label : `${label} ${date}`}, ${ko.weather.sky[day.skyStatus]}, ${ko.weather.minTemperature} ${formatTemperature(day.temperature.min)}, ${ko.weather.maxTemperature} ${formatTemperature(day.temperature.max)}`}
              onClick={() => onSelect(day.id)}
              className={cn(
                'flex h-full w-full flex-col items-center gap-2 rounded-2xl px-1 py-3 transition-colors focus-visible:outline-white sm:px-2 sm:py-3.5',
                selected
                  ? 'bg-white text-ink shadow-lg'
                  : 'bg-white/12 text-white ring-1 ring-white/15 backdrop-blur-sm hover:bg-white/20',
              )}
            >
              <span className="flex flex-col items-center leading-tight">
                <span className="text-sm font-bold sm:text-[15px]">{label}</span>
                <span
                  className={cn(
                    'text-xs',
                    selected ? 'text-ink-muted' : 'text-white/80',
                    label === date && 'invisible',
                  )}
                >
                  {date}
                </span>
              </span>
              <WeatherIcon
                skyStatus={day.skyStatus}
                precipitationType={day.precipitation.type}
                className={cn('size-7', selected ? 'text-brand-500' : 'text-white')}
              />
              <span className="mt-auto flex flex-col items-center text-[13px] tabular-nums sm:block sm:text-sm">
                <span className={selected ? 'text-ink-muted' : 'text-white/80'}>
                  {formatTemperature(day.temperature.min)}
                </span>
                <span
                  aria-hidden
                  className={cn('mx-1 hidden sm:inline', selected ? 'text-line' : 'text-white/40')}
                >
                  /
                </span>
                <span className="font-bold">{formatTemperature(day.temperature.max)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
