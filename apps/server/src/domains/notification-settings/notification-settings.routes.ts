import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  NotificationSettingsDto,
  NotificationSettingsUpdateRequest,
  UserIdParams,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { NotificationSettingsService } from './notification-settings.service.js';

export interface NotificationSettingsRoutesOptions {
  settings: NotificationSettingsService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** `/api/users/{userId}/notification-settings` (docs/api.md §9.3): the '알림' section of settings. */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<NotificationSettingsRoutesOptions> = async (
  app,
  { settings },
) => {
  app.get(
    '/:userId/notification-settings',
    {
      schema: {
        tags: ['users'],
        summary: '내 알림 설정 (아침 옷 추천, 푸시로 받을 알림)',
        params: UserIdParams,
        response: { 200: NotificationSettingsDto, ...errors },
      },
    },
    async (request) => settings.get(actorOf(request), request.params.userId),
  );

  app.patch(
    '/:userId/notification-settings',
    {
      schema: {
        tags: ['users'],
        summary: '내 알림 설정 변경 (보낸 항목만 바뀜)',
        params: UserIdParams,
        body: NotificationSettingsUpdateRequest,
        response: { 200: NotificationSettingsDto, ...errors },
      },
    },
    async (request) => settings.update(actorOf(request), request.params.userId, request.body),
  );
};
