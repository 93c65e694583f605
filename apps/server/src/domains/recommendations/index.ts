export { createRecommendationsModule } from './recommendations.module.js';
export { dayAheadOf, type DayAhead, type DayOutfit, type DressOptions, type Dresser } from './days-ahead.js';
export type { EngineWeather, Slot } from './engine/recommend.js';
