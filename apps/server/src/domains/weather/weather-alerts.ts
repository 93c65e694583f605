import { ko, type NotificationLevel, type WeatherDto } from '@otboo/contract';

/** A swing of this many °C between today and tomorrow (same hour) is worth telling. */
export const TEMPERATURE_SWING_C = 5;

export type AlertKind = 'temperature' | 'precipitation' | 'wind';

export interface WeatherAlert {
  kind: AlertKind;
  content: string;
  level: NotificationLevel;
}

const PRECIPITATION_TEXT = {
  RAIN: ko.weather.alertRain,
  SHOWER: ko.weather.alertShower,
  SNOW: ko.weather.alertSnow,
  RAIN_SNOW: ko.weather.alertRainSnow,
} as const;

/**
 * What changes notably from today to tomorrow: a temperature swing of 5 °C or more (tomorrow's
 * comparison with today at the same hour), rain or snow where today has none, or a strong wind.
 */
export function detectAlerts(today: WeatherDto, tomorrow: WeatherDto): WeatherAlert[] {
  const alerts: WeatherAlert[] = [];
  const swing = tomorrow.temperature.comparedToDayBefore;
  if (Math.abs(swing) >= TEMPERATURE_SWING_C) {
    const degrees = Math.round(Math.abs(swing));
    alerts.push({
      kind: 'temperature',
      content: swing < 0 ? ko.weather.alertColder(degrees) : ko.weather.alertWarmer(degrees),
      level: 'INFO',
    });
  }
  const type = tomorrow.precipitation.type;
  if (type !== 'NONE' && today.precipitation.type === 'NONE') {
    alerts.push({ kind: 'precipitation', content: PRECIPITATION_TEXT[type], level: 'INFO' });
  }
  if (tomorrow.windSpeed.asWord === 'STRONG') {
    alerts.push({
      kind: 'wind',
      content: ko.weather.alertWind(Math.round(tomorrow.windSpeed.speed)),
      level: 'WARNING',
    });
  }
  return alerts;
}
