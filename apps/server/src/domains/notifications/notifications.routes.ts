import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, NotificationIdParams, NotificationListQuery, NotificationPage } from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { NotificationsService } from './notifications.service.js';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
}

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  { notifications },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary: '읽지 않은 알림 목록 (totalCount = 읽지 않은 알림 수)',
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => notifications.list(actorOf(request), request.query),
  );

  app.get(
    '/history',
    {
      schema: {
        tags: ['notifications'],
        summary: '읽은 알림 기록 (최근 30일, totalCount = 기록의 알림 수)',
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => notifications.history(actorOf(request), request.query),
  );

  app.patch(
    '/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: '모든 알림 읽음 처리',
        response: { 204: z.null(), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      await notifications.markAllRead(actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/:notificationId/read',
    {
      schema: {
        tags: ['notifications'],
        summary: '알림 읽음 처리 (기록에 남음)',
        params: NotificationIdParams,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await notifications.markRead(actorOf(request), request.params.notificationId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:notificationId',
    {
      schema: {
        tags: ['notifications'],
        summary: '알림 읽음 처리 (목록에서 제거, 기록에 남음)',
        params: NotificationIdParams,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await notifications.markRead(actorOf(request), request.params.notificationId);
      return reply.status(204).send(null);
    },
  );
};
