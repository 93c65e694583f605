export { recommendationsRoutes } from './recommendations.routes.js';
export { createRecommendationsService, type RecommendationsService } from './recommendations.service.js';
export { createRecommendationsRepo, type RecommendationsRepo } from './recommendations.repo.js';
