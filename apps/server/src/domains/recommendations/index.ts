export { createRecommendationsModule } from './recommendations.module.js';
export type { DayAhead, DayOutfit, DressOptions, Dresser } from './days-ahead.js';
export type { EngineWeather, Slot } from './engine/recommend.js';
