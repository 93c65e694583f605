import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalibrationDto, ErrorBody, RecommendationFeedbackRequest } from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { FeedbackService } from './feedback.service.js';

export interface FeedbackRoutesOptions {
  feedback: FeedbackService;
}

/** 'How did it feel?' and the learned temperature shift (docs/api.md §10), under /api/recommendations. */
export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, { feedback }) => {
  app.post(
    '/feedback',
    {
      schema: {
        tags: ['recommendations'],
        summary: '그날 옷차림이 어땠는지 답하기 (같은 날 다시 답하면 바뀜)',
        body: RecommendationFeedbackRequest,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await feedback.answer(actorOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/calibration',
    {
      schema: {
        tags: ['recommendations'],
        summary: '답변으로 배운 체감 보정(°C)과 답변 수, 아직 답하지 않은 최근 날',
        response: { 200: CalibrationDto, 401: ErrorBody },
      },
    },
    async (request) => feedback.calibration(actorOf(request)),
  );

  app.delete(
    '/calibration',
    {
      schema: {
        tags: ['recommendations'],
        summary: '체감 보정 초기화 (답변을 지우고 0°C로)',
        response: { 204: z.null(), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      await feedback.reset(actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
