import { ko, type WeatherDto } from '@otboo/contract';
import { WeatherIcon } from '@/components/ui/weather-icon';
import { dayLabel, dayShortDate } from '@/features/weather/utils/day-label';
import { formatTemperature } from '@/features/weather/utils/weather-format';
import { cn } from '@/utils/cn';

interface ForecastStripProps {
  days: WeatherDto[];
  selectedId: string;
  onSelect(id: string): void;
  id?: string;
  className?: string;
}

/**
 * The five days (spec §2): label and date, icon and rounded min/max; pressing a day selects it for the page. Every
 * day has both lines, so the icons sit on one row. A button's name is its visible text (WCAG 2.5.3) with the
 * words the eye reads from the layout ('최저', '최고') added for screen readers.
 */
export function ForecastStrip({ days, selectedId, onSelect, id, className }: ForecastStripProps) {
  return (
    // Five narrow columns on a phone: smaller type, and min over max instead of side by side.
    <ul
      id={id}
      aria-label={ko.weather.forecastDays}
      className={cn('grid grid-cols-5 gap-1.5 sm:gap-2.5', className)}
    >
      {days.map((day) => {
        const selected = day.id === selectedId;
        return (
          <li key={day.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(day.id)}
              data-testid="forecast-day"
              className={cn(
                'flex h-full w-full flex-col items-center gap-2 rounded-2xl px-1 py-3 transition-colors focus-visible:outline-white sm:px-2 sm:py-3.5',
                selected
                  ? 'bg-white text-ink shadow-lg'
                  : 'bg-black/10 text-white ring-1 ring-white/20 hover:bg-black/20',
              )}
            >
              <span className="flex flex-col items-center leading-tight whitespace-nowrap">
                <span className="text-sm font-bold sm:text-[15px]">{dayLabel(day.forecastAt)} </span>
                <span className={cn('text-xs tabular-nums', selected ? 'text-ink-muted' : 'text-white')}>
                  {dayShortDate(day.forecastAt)}
                </span>
              </span>
              <WeatherIcon
                skyStatus={day.skyStatus}
                precipitationType={day.precipitation.type}
                className={cn('size-7', selected ? 'text-brand-500' : 'text-white')}
              />
              <span className="mt-auto flex flex-col items-center text-[13px] tabular-nums sm:block sm:text-sm">
                <span className={selected ? 'text-ink-muted' : 'text-white'}>
                  <span className="sr-only"> {ko.weather.minTemperature} </span>
                  {formatTemperature(day.temperature.min)}
                </span>
                <span
                  aria-hidden
                  className={cn('mx-1 hidden sm:inline', selected ? 'text-line' : 'text-white/60')}
                >
                  /
                </span>
                <span className="font-bold">
                  <span className="sr-only"> {ko.weather.maxTemperature} </span>
                  {formatTemperature(day.temperature.max)}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
