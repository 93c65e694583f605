import { createKmaVillageClient } from './kma-village.js';
import { createOpenMeteoClient } from './open-meteo.js';
import type { WeatherProvider } from './weather-provider.js';

export interface ProviderSettings {
  provider: 'open-meteo' | 'kma';
  openMeteoUrl: string;
  kmaApiKey?: string;
  kmaUrl: string;
  timeoutMs: number;
}

/**
 * The configured provider. KMA asks both services at once: its own issue is authoritative for the hours it
 * covers, Open-Meteo fills yesterday (for comparisons) and the days the issue does not reach, and answers
 * alone outside the KMA grid or when KMA itself fails (the rows then say `open-meteo`).
 */
export function createWeatherProvider(settings: ProviderSettings): WeatherProvider {
  const openMeteo = createOpenMeteoClient({ baseUrl: settings.openMeteoUrl, timeoutMs: settings.timeoutMs });
  if (settings.provider === 'open-meteo' || !settings.kmaApiKey) {
    return { name: 'open-meteo', fetchLayers: async (query) => [await openMeteo.fetchSeries(query)] };
  }
  const kma = createKmaVillageClient({
    baseUrl: settings.kmaUrl,
    serviceKey: settings.kmaApiKey,
    timeoutMs: settings.timeoutMs,
  });
  return {
    name: 'kma',
    async fetchLayers(query) {
      if (!kma.isInGrid(query.grid)) return [await openMeteo.fetchSeries(query)];
      const [own, supplement] = await Promise.allSettled([
        kma.fetchSeries(query),
        openMeteo.fetchSeries(query),
      ]);
      if (own.status === 'fulfilled')
        return supplement.status === 'fulfilled' ? [own.value, supplement.value] : [own.value];
      if (supplement.status === 'fulfilled') return [supplement.value];
      throw own.reason;
    },
  };
}
