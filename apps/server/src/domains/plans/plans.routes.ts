import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  PlanAutoRequest,
  PlanDateParams,
  PlanDto,
  PlanList,
  PlanRangeQuery,
  PlanRequest,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { PlansService } from './plans.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody };

/** '이번 주 코디' under /api/plans (docs/api.md §10). */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['plans'],
        summary: '기간(최대 31일) 안의 내 코디 계획, 날짜순',
        querystring: PlanRangeQuery,
        response: { 200: PlanList, ...errors },
      },
    },
    async (request) => plans.list(actorOf(request), request.query),
  );

  app.post(
    '/auto',
    {
      schema: {
        tags: ['plans'],
        summary: '예보가 있는 날 중 계획이 없는 날을 추천 규칙으로 채우기',
        body: PlanAutoRequest,
        response: { 200: PlanList, ...errors, 502: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => plans.auto(actorOf(request), request.body),
  );

  app.put(
    '/:date',
    {
      schema: {
        tags: ['plans'],
        summary: '그날 입을 옷(1–10벌)과 메모 정하기',
        params: PlanDateParams,
        body: PlanRequest,
        response: { 200: PlanDto, ...errors, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => plans.put(actorOf(request), request.params.date, request.body),
  );

  app.delete(
    '/:date',
    {
      schema: {
        tags: ['plans'],
        summary: '그날 계획 비우기',
        params: PlanDateParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await plans.remove(actorOf(request), request.params.date);
      return reply.status(204).send(null);
    },
  );
};
