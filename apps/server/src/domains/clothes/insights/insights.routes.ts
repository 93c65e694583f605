import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClosetInsightsDto, ErrorBody } from '@otboo/contract';
import { actorOf } from '../../../plugins/auth.js';
import type { InsightsService } from './insights.service.js';

export interface InsightsRoutesOptions {
  insights: InsightsService;
}

/** `GET /api/clothes/insights`: the caller's '옷장 리포트'. */
export const insightsRoutes: FastifyPluginAsyncZod<InsightsRoutesOptions> = async (app, { insights }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷장 리포트 (종류·색상별 개수, 착용 횟수, 날씨별 부족한 옷)',
        response: { 200: ClosetInsightsDto, 401: ErrorBody },
      },
    },
    async (request) => insights.insights(actorOf(request)),
  );
};
