import type { FeedDto } from '@otboo/contract';
import { WeatherIcon } from '@/components/ui/weather-icon';
import { formatTemperature } from '@/features/feeds/utils/feed-time';
import { cn } from '@/utils/cn';

/** The weather of a feed's day: an icon named for screen readers and the rounded temperature. */
export function FeedWeather({ weather, className }: { weather: FeedDto['weather']; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-ink-soft tabular-nums', className)}>
      <WeatherIcon
        skyStatus={weather.skyStatus}
        precipitationType={weather.precipitation.type}
        className="size-4 text-brand-500"
      />
      {formatTemperature(weather.temperature.current)}
    </span>
  );
}
