import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  FollowCreateRequest,
  FollowDto,
  FollowIdParams,
  FollowPage,
  FollowSummaryDto,
  FollowSummaryQuery,
  FollowerListQuery,
  FollowingListQuery,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { FollowsService } from './follows.service.js';

export interface FollowsRoutesOptions {
  follows: FollowsService;
}

/** `/api/follows`. */
export const followsRoutes: FastifyPluginAsyncZod<FollowsRoutesOptions> = async (app, { follows }) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['follows'],
        summary: '팔로우',
        body: FollowCreateRequest,
        response: {
          201: FollowDto,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await follows.follow(actorOf(request), request.body)),
  );

  app.delete(
    '/:followId',
    {
      schema: {
        tags: ['follows'],
        summary: '팔로우 취소 (팔로워 본인)',
        params: FollowIdParams,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await follows.unfollow(actorOf(request), request.params.followId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/summary',
    {
      schema: {
        tags: ['follows'],
        summary: '팔로우 요약',
        querystring: FollowSummaryQuery,
        response: { 200: FollowSummaryDto, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => follows.summary(actorOf(request), request.query.userId),
  );

  app.get(
    '/followers',
    {
      schema: {
        tags: ['follows'],
        summary: '팔로워 목록 (최신순)',
        querystring: FollowerListQuery,
        response: { 200: FollowPage, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => follows.followers(actorOf(request), request.query),
  );

  app.get(
    '/followings',
    {
      schema: {
        tags: ['follows'],
        summary: '팔로잉 목록 (최신순)',
        querystring: FollowingListQuery,
        response: { 200: FollowPage, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => follows.followings(actorOf(request), request.query),
  );
};
