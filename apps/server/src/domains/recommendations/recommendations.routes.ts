import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  RecommendationDto,
  RecommendationExclusionQuery,
  RecommendationExclusionRequest,
  RecommendationQuery,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { RecommendationsService } from './recommendations.service.js';

export interface RecommendationsRoutesOptions {
  recommendations: RecommendationsService;
}

const exclusionErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const recommendationsRoutes: FastifyPluginAsyncZod<RecommendationsRoutesOptions> = async (
  app,
  { recommendations },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['recommendations'],
        summary:
          '날씨에 맞는 옷 추천 (다시 부르면 다른 옷; current=true면 지금 보여 준 옷, keepClothesIds로 남길 옷 지정)',
        querystring: RecommendationQuery,
        response: {
          200: RecommendationDto,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => recommendations.recommend(actorOf(request), request.query),
  );

  // '이 옷 빼기' and its undo (docs/api.md §4): DELETE takes the same pair in the query, as DELETE bodies are
  // dropped by some clients and proxies.
  app.post(
    '/exclusions',
    {
      schema: {
        tags: ['recommendations'],
        summary: '이 옷 빼기: 그날 추천에서 내 옷 하나를 뺌 (같은 요청을 다시 보내도 204)',
        body: RecommendationExclusionRequest,
        response: { 204: z.null(), ...exclusionErrors },
      },
    },
    async (request, reply) => {
      await recommendations.exclude(actorOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/exclusions',
    {
      schema: {
        tags: ['recommendations'],
        summary: '이 옷 빼기 취소 (빠져 있지 않아도 204)',
        querystring: RecommendationExclusionQuery,
        response: { 204: z.null(), ...exclusionErrors },
      },
    },
    async (request, reply) => {
      await recommendations.include(actorOf(request), request.query);
      return reply.status(204).send(null);
    },
  );
};
