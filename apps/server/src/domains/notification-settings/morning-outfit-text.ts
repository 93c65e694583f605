import { ko, type WeatherDto } from '@otboo/contract';

/** What the morning outfit notification says (docs/api.md §9.3). */
export type MorningOutfit =
  | { kind: 'no-location' }
  | { kind: 'empty-closet'; weather: WeatherDto }
  | { kind: 'outfit'; weather: WeatherDto; pieces: readonly string[] };

export interface MorningNotification {
  title: string;
  content: string;
  /** OUTFIT_CLOSET opens the closet (docs/api.md §9.2 url); OUTFIT the recommendations. */
  kind: 'OUTFIT' | 'OUTFIT_CLOSET';
}

/** `맑음 3°/12°`: rain or snow named instead of the sky when it falls; whole degrees. */
export function morningWeatherText(weather: WeatherDto): string {
  const { type } = weather.precipitation;
  const sky = type === 'NONE' ? ko.weather.sky[weather.skyStatus] : ko.weather.precipitation[type];
  const round = (v: number) => Math.round(v) + 0; // + 0 turns -0 into 0
  return ko.notificationSettings.morningWeather(
    sky,
    round(weather.temperature.min),
    round(weather.temperature.max),
  );
}

/** `맑음 3°/12° · 울 코트, 니트, 청바지, 첼시 부츠`, or the no-location / empty-closet texts. */
export function morningNotificationOf(outfit: MorningOutfit): MorningNotification {
  const t = ko.notificationSettings;
  switch (outfit.kind) {
    case 'no-location':
      return { title: t.morningTitle, content: t.morningNoLocation, kind: 'OUTFIT' };
    case 'empty-closet':
      return {
        title: t.morningTitle,
        content: t.morningContent(morningWeatherText(outfit.weather), t.morningEmptyCloset),
        kind: 'OUTFIT_CLOSET',
      };
    case 'outfit':
      return {
        title: t.morningTitle,
        content: t.morningContent(
          morningWeatherText(outfit.weather),
          outfit.pieces.length > 0 ? outfit.pieces.join(', ') : t.morningNoOutfit,
        ),
        kind: 'OUTFIT',
      };
  }
}
