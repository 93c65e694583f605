import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, FeedIdParams } from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { LikesService } from './likes.service.js';

/** `/api/feeds/{feedId}/like`. */
export const likesRoutes: FastifyPluginAsyncZod<{ feeds: LikesService }> = async (app, { feeds }) => {
  app.post(
    '/:feedId/like',
    {
      schema: {
        tags: ['feeds'],
        summary: '좋아요',
        params: FeedIdParams,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await feeds.like(actorOf(request), request.params.feedId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:feedId/like',
    {
      schema: {
        tags: ['feeds'],
        summary: '좋아요 취소',
        params: FeedIdParams,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await feeds.unlike(actorOf(request), request.params.feedId);
      return reply.status(204).send(null);
    },
  );
};
