import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DirectMessageListQuery,
  DirectMessagePage,
  DirectMessageRoomList,
  DirectMessageRoomParams,
  ErrorBody,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { MessagesService } from './messages.service.js';

export interface MessagesRoutesOptions {
  messages: MessagesService;
}

/** `/api/direct-messages`: history and conversations. Sending goes through STOMP (`/ws`). */
export const messagesRoutes: FastifyPluginAsyncZod<MessagesRoutesOptions> = async (app, { messages }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['direct-messages'],
        summary: '대화 내역 (최신순)',
        querystring: DirectMessageListQuery,
        response: { 200: DirectMessagePage, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => messages.list(actorOf(request), request.query),
  );

  app.get(
    '/rooms',
    {
      schema: {
        tags: ['direct-messages'],
        summary: '대화 목록 (최근 대화순)',
        response: { 200: DirectMessageRoomList, 401: ErrorBody },
      },
    },
    async (request) => messages.rooms(actorOf(request)),
  );

  app.patch(
    '/rooms/:userId/read',
    {
      schema: {
        tags: ['direct-messages'],
        summary: '대화 읽음 처리 (상대가 보낸 메시지)',
        params: DirectMessageRoomParams,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await messages.markRead(actorOf(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
