import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttributeDefDto,
  AttributeDefIdParams,
  AttributeDefList,
  AttributeDefListQuery,
  AttributeDefRequest,
  ErrorBody,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { AttributeDefsService } from './attribute-defs.service.js';

export interface AttributeDefsRoutesOptions {
  attributeDefs: AttributeDefsService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** `/api/clothes/attribute-defs`: a plain array for everyone signed in, writes for administrators. */
export const attributeDefsRoutes: FastifyPluginAsyncZod<AttributeDefsRoutesOptions> = async (
  app,
  { attributeDefs },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['clothes'],
        summary: '의상 속성 정의 목록',
        querystring: AttributeDefListQuery,
        response: { 200: AttributeDefList, ...errors },
      },
    },
    async (request) => attributeDefs.list(request.query),
  );

  app.post(
    '/',
    {
      config: { admin: true },
      schema: {
        tags: ['clothes'],
        summary: '의상 속성 추가 (관리자)',
        body: AttributeDefRequest,
        response: { 201: AttributeDefDto, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await attributeDefs.create(actorOf(request), request.body)),
  );

  app.patch(
    '/:definitionId',
    {
      config: { admin: true },
      schema: {
        tags: ['clothes'],
        summary: '의상 속성 수정 (관리자)',
        params: AttributeDefIdParams,
        body: AttributeDefRequest,
        response: { 200: AttributeDefDto, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => attributeDefs.update(actorOf(request), request.params.definitionId, request.body),
  );

  app.delete(
    '/:definitionId',
    {
      config: { admin: true },
      schema: {
        tags: ['clothes'],
        summary: '의상 속성 삭제 (관리자)',
        params: AttributeDefIdParams,
        response: { 204: z.null(), ...errors, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await attributeDefs.remove(actorOf(request), request.params.definitionId);
      return reply.status(204).send(null);
    },
  );
};
