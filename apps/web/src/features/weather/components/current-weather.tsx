import { Droplets, Umbrella, Wind, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ko, type WeatherDto } from '@otboo/contract';
import { WeatherIcon } from '@/components/ui/weather-icon';
import { dayDate, dayLabel } from '@/features/weather/utils/day-label';
import {
  formatComparison,
  formatPercent,
  formatPrecipitationAmount,
  formatTemperature,
  formatWindSpeed,
} from '@/features/weather/utils/weather-format';
import { cn } from '@/utils/cn';

/**
 * The selected day at a glance: icon, temperature, sky, comparison with yesterday and min/max; below 1024 px also
 * the chance of rain, since the details that carry it fold away there (docs/product.md §2).
 */
export function CurrentWeather({ day }: { day: WeatherDto }) {
  const label = dayLabel(day.forecastAt);
  const { temperature, precipitation } = day;
  const sky = ko.weather.sky[day.skyStatus];
  const condition =
    precipitation.type === 'NONE' ? sky : `${sky} · ${ko.weather.precipitation[precipitation.type]}`;

  return (
    <div className="flex items-center gap-4 sm:gap-6">
      <span className="flex size-16 shrink-0 items-center justify-center rounded-[22px] bg-black/10 ring-1 ring-white/25 lg:size-24 lg:rounded-[28px]">
        <WeatherIcon
          skyStatus={day.skyStatus}
          precipitationType={precipitation.type}
          className="size-10 drop-shadow lg:size-14"
        />
      </span>
      <div className="flex min-w-0 flex-col gap-1 lg:gap-1.5">
        <p className="text-[15px] font-bold">
          {label}
          <span className="ml-2 font-normal">{dayDate(day.forecastAt)}</span>
        </p>
        <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
          <p
            className="text-5xl leading-none font-bold tracking-tight tabular-nums lg:text-6xl"
            data-testid="current-temperature"
          >
            {formatTemperature(temperature.current)}
          </p>
          <p className="pb-0.5 text-lg font-bold lg:pb-1">{condition}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[15px] tabular-nums">
          <span className="rounded-full bg-black/15 px-2.5 py-0.5 font-bold">
            {formatComparison(temperature.comparedToDayBefore)}
          </span>
          <span>
            {ko.weather.minTemperature} {formatTemperature(temperature.min)}
            <span aria-hidden className="mx-1.5">
              /
            </span>
            {ko.weather.maxTemperature} {formatTemperature(temperature.max)}
          </span>
          <span className="lg:hidden" data-testid="precipitation-chance">
            {ko.weather.precipitationChance(formatPercent(precipitation.probability))}
          </span>
        </div>
      </div>
    </div>
  );
}

/** Humidity, wind and precipitation of the selected day. */
export function WeatherDetails({ day, id, className }: { day: WeatherDto; id?: string; className?: string }) {
  const { precipitation } = day;
  return (
    <dl id={id} className={cn('grid grid-cols-3 gap-2 sm:gap-3 lg:w-[440px]', className)}>
      <Detail icon={Droplets} term={ko.weather.humidity}>
        {formatPercent(day.humidity.current)}
      </Detail>
      <Detail icon={Wind} term={ko.weather.windSpeed} note={ko.weather.wind[day.windSpeed.asWord]}>
        {formatWindSpeed(day.windSpeed.speed)}
      </Detail>
      <Detail
        icon={Umbrella}
        term={ko.weather.precipitationLabel}
        note={formatPercent(precipitation.probability)}
      >
        {formatPrecipitationAmount(precipitation.amount)}
      </Detail>
    </dl>
  );
}

function Detail({
  icon: Icon,
  term,
  note,
  children,
}: {
  icon: LucideIcon;
  term: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5 rounded-2xl bg-black/10 px-3 py-3.5 ring-1 ring-white/20 sm:px-4">
      <dt className="flex items-center gap-1.5 text-[13px] font-bold">
        <Icon className="size-4" aria-hidden />
        {term}
      </dt>
      <dd className="flex flex-col tabular-nums">
        <span className="text-lg leading-tight font-bold whitespace-nowrap">{children}</span>
        {note ? <span className="text-[13px]">{note}</span> : null}
      </dd>
    </div>
  );
}
