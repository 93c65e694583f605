import type { PrecipitationType, SkyStatus } from '@otboo/contract';

/**
 * Cloud cover → sky with KMA's own definition of its SKY code: 맑음 0–5 tenths, 구름많음 6–8, 흐림 9–10.
 */
export function skyOfCloudCover(percent: number): SkyStatus {
  const tenths = Math.round(percent / 10);
  if (tenths <= 5) return 'CLEAR';
  if (tenths <= 8) return 'MOSTLY_CLOUDY';
  return 'CLOUDY';
}

/**
 * WMO weather interpretation code (Open-Meteo `weather_code`) → sky. 0–1 clear, 2 partly cloudy, 3 overcast
 * and 45/48 fog. Codes that describe precipitation say nothing about the sky, so the hour's cloud cover
 * decides, and without one it counts as cloudy.
 */
export function skyOfWmo(code: number, cloudCover?: number): SkyStatus {
  if (code === 0 || code === 1) return 'CLEAR';
  if (code === 2) return 'MOSTLY_CLOUDY';
  if (code === 3 || code === 45 || code === 48) return 'CLOUDY';
  return cloudCover === undefined ? 'CLOUDY' : skyOfCloudCover(cloudCover);
}

/**
 * WMO code → precipitation type: drizzle and rain (51–67, freezing kinds included) are RAIN, snow (71–77,
 * 85–86) SNOW, rain showers (80–82) and thunderstorms (95–99) SHOWER, anything else NONE.
 */
export function precipitationOfWmo(code: number): PrecipitationType {
  if (code >= 51 && code <= 67) return 'RAIN';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'SNOW';
  if ((code >= 80 && code <= 82) || (code >= 95 && code <= 99)) return 'SHOWER';
  return 'NONE';
}

/**
 * The precipitation type of several hours: rain and snow in the same period is RAIN_SNOW, otherwise the
 * heaviest kind present (rain over showers over snow), NONE when nothing falls.
 */
export function combinePrecipitation(types: Iterable<PrecipitationType>): PrecipitationType {
  const seen = new Set(types);
  seen.delete('NONE');
  if (seen.size === 0) return 'NONE';
  if (seen.has('RAIN_SNOW') || (seen.has('SNOW') && (seen.has('RAIN') || seen.has('SHOWER'))))
    return 'RAIN_SNOW';
  if (seen.has('RAIN')) return 'RAIN';
  if (seen.has('SHOWER')) return 'SHOWER';
  return 'SNOW';
}
