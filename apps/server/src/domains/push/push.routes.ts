import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  PushPublicKeyDto,
  PushSubscriptionDto,
  PushSubscriptionList,
  PushSubscriptionRequest,
  PushUnsubscribeRequest,
} from '@otboo/contract';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import type { PushService } from './push.service.js';

export interface PushRoutesOptions {
  push: PushService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Web Push (docs/api.md §9.2): the VAPID key and this user's devices, under `/api/push`. */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, { push }) => {
  app.get(
    '/public-key',
    {
      schema: {
        tags: ['push'],
        summary: '푸시 구독에 쓰는 서버 공개 키(VAPID)',
        response: { 200: PushPublicKeyDto, 401: ErrorBody },
      },
    },
    async () => push.publicKey(),
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: '내 푸시 구독(기기) 목록',
        response: { 200: PushSubscriptionList, 401: ErrorBody },
      },
    },
    async (request) => push.list(actorOf(request)),
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: '이 기기의 푸시 구독 등록',
        body: PushSubscriptionRequest,
        response: { 200: PushSubscriptionDto, 201: PushSubscriptionDto, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const { dto, created } = await push.subscribe(actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send(dto);
    },
  );

  app.delete(
    '/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: '이 기기의 푸시 구독 해제',
        body: PushUnsubscribeRequest,
        response: { 204: z.null(), ...errors, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(actorOf(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
