import {
  Cloud,
  CloudDrizzle,
  CloudHail,
  CloudRain,
  CloudSnow,
  CloudSun,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import { ko, type PrecipitationType, type SkyStatus } from '@otboo/contract';

const SKY_ICONS: Record<SkyStatus, LucideIcon> = { CLEAR: Sun, MOSTLY_CLOUDY: CloudSun, CLOUDY: Cloud };
const PRECIPITATION_ICONS: Record<Exclude<PrecipitationType, 'NONE'>, LucideIcon> = {
  RAIN: CloudRain,
  SNOW: CloudSnow,
  RAIN_SNOW: CloudHail,
  SHOWER: CloudDrizzle,
};

interface WeatherIconProps {
  skyStatus: SkyStatus;
  precipitationType: PrecipitationType;
  /** Size and colour of the icon. */
  className: string;
}

/** Rain or snow wins over the sky, as a forecast icon would show it; named for screen readers. */
export function WeatherIcon({ skyStatus, precipitationType, className }: WeatherIconProps) {
  const raining = precipitationType !== 'NONE';
  const Icon = raining ? PRECIPITATION_ICONS[precipitationType] : SKY_ICONS[skyStatus];
  const label = raining ? ko.weather.precipitation[precipitationType] : ko.weather.sky[skyStatus];
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex shrink-0">
      <Icon className={className} aria-hidden />
    </span>
  );
}
