export { createRecommendationsModule } from './recommendations.module.js';
