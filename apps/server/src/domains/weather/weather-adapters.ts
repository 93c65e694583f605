import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createKakaoLocalGeocoder } from '../../adapters/geocoder/kakao-local.js';
import type { ReverseGeocoder } from '../../adapters/geocoder/reverse-geocoder.js';
import { createWeatherProvider } from '../../adapters/weather/providers.js';
import type { WeatherProvider } from '../../adapters/weather/weather-provider.js';

/** A provider that has not answered in this long has failed (the fallback chain takes over). */
const PROVIDER_TIMEOUT_MS = 5_000;
const GEOCODER_TIMEOUT_MS = 3_000;

/** The outside services of the weather, as configured (docs/config.md): the forecast provider and the geocoder. */
export interface WeatherAdapters {
  provider: WeatherProvider;
  /** Kakao Local when KAKAO_REST_API_KEY is set; otherwise (undefined) the embedded region table alone answers. */
  geocoder: ReverseGeocoder | undefined;
}

export function configuredWeatherAdapters(
  config: Config['weather'],
  log: FastifyBaseLogger,
): WeatherAdapters {
  if (config.provider === 'kma' && !config.kmaApiKey) {
    log.warn('WEATHER_PROVIDER=kma needs KMA_API_KEY; using Open-Meteo');
  }
  const provider = createWeatherProvider({
    provider: config.provider,
    openMeteoUrl: config.openMeteoUrl,
    kmaApiKey: config.kmaApiKey,
    kmaUrl: config.kmaUrl,
    timeoutMs: PROVIDER_TIMEOUT_MS,
  });
  const geocoder = config.kakaoRestApiKey
    ? createKakaoLocalGeocoder({
        baseUrl: config.kakaoLocalUrl,
        restApiKey: config.kakaoRestApiKey,
        timeoutMs: GEOCODER_TIMEOUT_MS,
      })
    : undefined;
  return { provider, geocoder };
}
