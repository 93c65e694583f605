import { Cloud, CloudDrizzle, CloudHail, CloudRain, CloudSnow, CloudSun, Sun, type LucideIcon } from 'lucide-react';
import { ko, type FeedDto, type PrecipitationType, type SkyStatus } from '@otboo/contract';
import { formatTemperature } from '@/features/feeds/utils/feed-time';
import { cn } from '@/utils/cn';

const SKY_ICONS: Record<SkyStatus, LucideIcon> = { CLEAR: Sun, MOSTLY_CLOUDY: CloudSun, CLOUDY: Cloud };
const PRECIPITATION_ICONS: Record<Exclude<PrecipitationType, 'NONE'>, LucideIcon> = {
  RAIN: CloudRain,
  SNOW: CloudSnow,
  RAIN_SNOW: CloudHail,
  SHOWER: CloudDrizzle,
};

/** Rain or snow wins over the sky, as a forecast icon would show it. */
function iconOf(weather: FeedDto['weather']): { Icon: LucideIcon; label: string } {
  const type = weather.precipitation.type;
  if (type !== 'NONE') return { Icon: PRECIPITATION_ICONS[type], label: ko.weather.precipitation[type] };
  return { Icon: SKY_ICONS[weather.skyStatus], label: ko.weather.sky[weather.skyStatus] };
}

/** The weather of a feed's day: an icon named for screen readers and the rounded temperature. */
export function FeedWeather({ weather, className }: { weather: FeedDto['weather']; className?: string }) {
  const { Icon, label } = iconOf(weather);
  return (
    <span className={cn('inline-flex items-center gap-1 text-ink-soft tabular-nums', className)}>
      <span role="img" aria-label={label} title={label} className="inline-flex">
        <Icon className="size-4 text-brand-500" aria-hidden />
      </span>
      {formatTemperature(weather.temperature.current)}
    </span>
  );
}
