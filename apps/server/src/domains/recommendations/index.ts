export { createRecommendationsModule } from './recommendations.module.js';
// The engine's own garment profiles and bands, for the closet report's season gaps (clothes insights), so the
// report and the recommender never disagree.
export { BANDS, type TemperatureBand } from './engine/bands.js';
export { inferProfile, type GarmentInput, type GarmentProfile } from './engine/garment-profile.js';
export { recommend, type Candidate, type RecommendInput, type Recommendation } from './engine/recommend.js';
