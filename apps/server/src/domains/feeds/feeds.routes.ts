import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  FeedCreateRequest,
  FeedDto,
  FeedIdParams,
  FeedListQuery,
  FeedPage,
  FeedUpdateRequest,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { FeedPostsService } from './feeds.service.js';

/** `/api/feeds`: list, post, edit, delete. */
export const feedPostsRoutes: FastifyPluginAsyncZod<{ feeds: FeedPostsService }> = async (app, { feeds }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['feeds'],
        summary: '피드 목록 (검색, 필터, 정렬, 커서 페이지)',
        querystring: FeedListQuery,
        response: { 200: FeedPage, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => feeds.list(actorOf(request), request.query),
  );

  app.get(
    '/:feedId',
    {
      schema: {
        tags: ['feeds'],
        summary: '피드 하나 (알림이 여는 피드 상세)',
        params: FeedIdParams,
        response: { 200: FeedDto, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => feeds.get(actorOf(request), request.params.feedId),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['feeds'],
        summary: 'OOTD 피드 등록',
        body: FeedCreateRequest,
        response: { 201: FeedDto, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await feeds.create(actorOf(request), request.body)),
  );

  app.patch(
    '/:feedId',
    {
      schema: {
        tags: ['feeds'],
        summary: '피드 수정 (작성자)',
        params: FeedIdParams,
        body: FeedUpdateRequest,
        response: { 200: FeedDto, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => feeds.update(actorOf(request), request.params.feedId, request.body),
  );

  app.delete(
    '/:feedId',
    {
      schema: {
        tags: ['feeds'],
        summary: '피드 삭제 (작성자 또는 관리자)',
        params: FeedIdParams,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await feeds.remove(actorOf(request), request.params.feedId);
      return reply.status(204).send(null);
    },
  );
};
