import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, Id, ko, SseQuery } from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { openSseStream, type SseOptions } from '../../realtime/sse.js';
import type { NotificationStream } from './notifications.stream.js';

export interface SseRoutesOptions {
  stream: NotificationStream;
  sse: SseOptions;
}

/** `Last-Event-ID` header (browsers' own EventSource reconnects send it); the query parameter wins. */
function headerLastEventId(value: string | string[] | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Id.safeParse(Array.isArray(value) ? value[0] : value);
  if (!parsed.success)
    throw badRequest(ko.realtime.invalidLastEventId, { 'Last-Event-ID': ko.realtime.invalidLastEventId });
  return parsed.data;
}

/** `GET /api/sse`: the signed-in user's notifications as a text/event-stream (docs/api.md §7). */
export const sseRoutes: FastifyPluginAsyncZod<SseRoutesOptions> = async (app, { stream, sse }) => {
  app.addHook('preClose', (done) => {
    stream.endAll();
    done();
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary: '실시간 알림 스트림 (SSE, 이벤트 이름 notifications)',
        querystring: SseQuery,
        response: { 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const lastEventId = request.query.lastEventId ?? headerLastEventId(request.headers['last-event-id']);
      await stream.connect(actor, openSseStream(reply, sse), lastEventId);
      return reply;
    },
  );
};
