import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClothesArchiveRequest,
  ClothesAvailabilityRequest,
  ClothesDto,
  ClothesIdParams,
  ErrorBody,
} from '@otboo/contract';
import { actorOf } from '../../../plugins/auth.js';
import type { LifeService } from './life.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** `PUT /{id}/availability`, `POST /{id}/archive`, `POST /{id}/restore` under `/api/clothes` (docs/api.md §10). */
export const lifeRoutes: FastifyPluginAsyncZod<{ life: LifeService }> = async (app, { life }) => {
  app.put(
    '/:clothesId/availability',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷 상태 바꾸기 (세탁 중, 빌려줌, 수선 중, 다시 입을 수 있음)',
        params: ClothesIdParams,
        body: ClothesAvailabilityRequest,
        response: { 200: ClothesDto, ...errors },
      },
    },
    async (request) => life.setAvailability(actorOf(request), request.params.clothesId, request.body),
  );

  app.post(
    '/:clothesId/archive',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷을 보관함으로 옮기기 (판매, 기부, 분실, 낡음, 기타)',
        params: ClothesIdParams,
        body: ClothesArchiveRequest,
        response: { 200: ClothesDto, ...errors },
      },
    },
    async (request) => life.archive(actorOf(request), request.params.clothesId, request.body),
  );

  app.post(
    '/:clothesId/restore',
    {
      schema: {
        tags: ['clothes'],
        summary: '보관함의 옷을 옷장으로 되돌리기',
        params: ClothesIdParams,
        response: { 200: ClothesDto, ...errors },
      },
    },
    async (request) => life.restore(actorOf(request), request.params.clothesId),
  );
};
