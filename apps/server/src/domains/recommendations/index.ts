export { createRecommendationsModule, type RecommendationsApi } from './recommendations.module.js';
export { dayAheadOf, type DayAhead, type DayOutfit, type DressOptions, type Dresser } from './days-ahead.js';
export type { EngineWeather, Slot } from './engine/recommend.js';
// For trips: a forecast day as the engine reads it.
export { engineWeatherOf, monthOf } from './engine-inputs.js';
export { SLOT_ORDER } from './engine/recommend.js';
// A day is wet (rain gear, the umbrella) from this chance of precipitation, or with any precipitation type.
export { WET_PROBABILITY } from './engine/bands.js';
