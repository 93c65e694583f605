export { createRecommendationsModule } from './recommendations.module.js';
export type { DayAhead, DayOutfit, DressOptions, Dresser } from './days-ahead.js';
export type { EngineWeather, Slot } from './engine/recommend.js';
export { SLOT_ORDER } from './engine/recommend.js';
// A day is wet (rain gear, the umbrella) from this chance of precipitation, or with any precipitation type.
export { WET_PROBABILITY } from './engine/bands.js';
