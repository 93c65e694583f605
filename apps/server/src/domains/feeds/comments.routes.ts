import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CommentCreateRequest,
  CommentDto,
  CommentListQuery,
  CommentPage,
  ErrorBody,
  FeedIdParams,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { CommentsService } from './comments.service.js';

/** `/api/feeds/{feedId}/comments`. */
export const commentsRoutes: FastifyPluginAsyncZod<{ feeds: CommentsService }> = async (app, { feeds }) => {
  app.get(
    '/:feedId/comments',
    {
      schema: {
        tags: ['feeds'],
        summary: '댓글 목록 (최신순)',
        params: FeedIdParams,
        querystring: CommentListQuery,
        response: { 200: CommentPage, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => feeds.listComments(actorOf(request), request.params.feedId, request.query),
  );

  app.post(
    '/:feedId/comments',
    {
      schema: {
        tags: ['feeds'],
        summary: '댓글 작성',
        params: FeedIdParams,
        body: CommentCreateRequest,
        response: { 201: CommentDto, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await feeds.addComment(actorOf(request), request.params.feedId, request.body)),
  );
};
