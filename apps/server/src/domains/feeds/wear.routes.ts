import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClothesIdParams, ClothesWearDto, ClothesWearQuery, ErrorBody } from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { WearService } from './wear.service.js';

/** `GET /api/clothes/{clothesId}/wear` (registered under `/api/clothes`): the garment page's wear record. */
export const wearRoutes: FastifyPluginAsyncZod<{ wear: WearService }> = async (app, { wear }) => {
  app.get(
    '/:clothesId/wear',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷의 착용 기록 (착용 횟수, 마지막 착용, 이 옷을 입은 OOTD 최신순)',
        params: ClothesIdParams,
        querystring: ClothesWearQuery,
        response: {
          200: ClothesWearDto,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => wear.wear(actorOf(request), request.params.clothesId, request.query),
  );
};
