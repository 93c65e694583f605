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

/** The selected day in full: icon, temperature, comparison with yesterday, min/max, humidity, wind and precipitation. */
export function CurrentWeather({ day }: { day: WeatherDto }) {
  const label = dayLabel(day.forecastAt);
  const date = dayDate(day.forecastAt);
  const { temperature, precipitation } = day;
  const sky = ko.weather.sky[day.skyStatus];
  const condition =
    precipitation.type === 'NONE' ? sky : `${sky} · ${ko.weather.precipitation[precipitation.type]}`;

  return (
    <div className="flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
      <div className="flex items-center gap-4 sm:gap-6">
        <span className="flex size-24 items-center justify-center rounded-[28px] bg-white/15 ring-1 ring-white/25 backdrop-blur-sm">
          <WeatherIcon
            skyStatus={day.skyStatus}
            precipitationType={precipitation.type}
            className="size-14 drop-shadow"
          />
        </span>
        <div className="flex flex-col gap-1.5">
          <p className="text-[15px] font-bold text-white/90">
            {label}
            {label !== date ? <span className="ml-2 font-normal text-white/80">{date}</span> : null}
          </p>
          <div className="flex items-end gap-3">
            <p
              className="text-6xl leading-none font-bold tracking-tight tabular-nums"
              data-testid="current-temperature"
            >
              {formatTemperature(temperature.current)}
            </p>
            <p className="pb-1 text-lg font-bold">{condition}</p>
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[15px] text-white/90 tabular-nums">
            <span className="rounded-full bg-white/15 px-2.5 py-0.5 font-bold text-white">
              {formatComparison(temperature.comparedToDayBefore)}
            </span>
            <span>
              {ko.weather.minTemperature} {formatTemperature(temperature.min)}
              <span aria-hidden className="mx-1.5 text-white/50">
                /
              </span>
              {ko.weather.maxTemperature} {formatTemperature(temperature.max)}
            </span>
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-2 sm:gap-3 lg:w-[440px]">
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
    </div>
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
    <div className="flex min-w-0 flex-col gap-1.5 rounded-2xl bg-white/12 px-3 py-3.5 ring-1 ring-white/15 backdrop-blur-sm sm:px-4">
      <dt className="flex items-center gap-1.5 text-[13px] font-bold text-white/85">
        <Icon className="size-4" aria-hidden />
        {term}
      </dt>
      <dd className="flex flex-col tabular-nums">
        <span className="text-lg leading-tight font-bold whitespace-nowrap">{children}</span>
        {note ? <span className="text-[13px] text-white/85">{note}</span> : null}
      </dd>
    </div>
  );
}
