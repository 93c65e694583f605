import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, RecommendationDto, WeatherIdQuery } from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { RecommendationsService } from './recommendations.service.js';

export interface RecommendationsRoutesOptions {
  recommendations: RecommendationsService;
}

export const recommendationsRoutes: FastifyPluginAsyncZod<RecommendationsRoutesOptions> = async (
  app,
  { recommendations },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['recommendations'],
        summary: '날씨에 맞는 옷 추천 (다시 부르면 다른 옷)',
        querystring: WeatherIdQuery,
        response: { 200: RecommendationDto, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => recommendations.recommend(actorOf(request), request.query.weatherId),
  );
};
