import { ko, type WeatherDto } from '@otboo/contract';
import { WeatherIcon } from '@/components/ui/weather-icon';
import { formatPercent, formatTemperature } from '@/features/weather/utils/weather-format';

/** A day's forecast in one line: icon, sky (and rain), min/max and the chance of rain. */
export function PlanWeather({ weather }: { weather: WeatherDto | undefined }) {
  if (!weather) return <p className="text-sm text-ink-muted">{ko.plans.noForecast}</p>;
  const { precipitation, temperature } = weather;
  const sky = ko.weather.sky[weather.skyStatus];
  const condition =
    precipitation.type === 'NONE' ? sky : `${sky} · ${ko.weather.precipitation[precipitation.type]}`;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-ink-soft tabular-nums">
      <WeatherIcon
        skyStatus={weather.skyStatus}
        precipitationType={precipitation.type}
        className="size-5 text-brand-600"
      />
      <span className="font-bold text-ink">{condition}</span>
      <span>
        {formatTemperature(temperature.min)}
        <span aria-hidden>/</span>
        <span className="sr-only"> ~ </span>
        {formatTemperature(temperature.max)}
      </span>
      <span>{ko.weather.precipitationChance(formatPercent(precipitation.probability))}</span>
    </p>
  );
}
