import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClothesBatchUpdateRequest, ClothesBatchUpdateResponse, ErrorBody } from '@otboo/contract';
import { actorOf } from '../../../plugins/auth.js';
import type { BatchService } from './batch.service.js';

export interface BatchRoutesOptions {
  batch: BatchService;
}

/** `PATCH /api/clothes/batch`: one type and/or attribute value on several of the caller's garments. */
export const batchRoutes: FastifyPluginAsyncZod<BatchRoutesOptions> = async (app, { batch }) => {
  app.patch(
    '/',
    {
      schema: {
        tags: ['clothes'],
        summary: '여러 벌 한꺼번에 수정 (종류, 속성 값)',
        body: ClothesBatchUpdateRequest,
        response: {
          200: ClothesBatchUpdateResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => batch.update(actorOf(request), request.body),
  );
};
