import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ClothesCreateRequest,
  ClothesDto,
  ClothesIdParams,
  ClothesListQuery,
  ClothesPage,
  ClothesUpdateRequest,
  ErrorBody,
  LIMITS,
  ko,
} from '@otboo/contract';
import { jsonPart, readMultipart } from '../../lib/multipart.js';
import { parseWith } from '../../lib/validate.js';
import { actorOf } from '../../plugins/auth.js';
import type { ClothesService } from './clothes.service.js';

export interface ClothesRoutesOptions {
  clothes: ClothesService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const uploadErrors = { ...errors, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };

/** Multipart `request` JSON part plus an optional `image` file (≤ 10 MB, else 413). */
async function readClothesForm<S extends z.ZodType>(request: FastifyRequest, schema: S) {
  const { fields, file } = await readMultipart(request, {
    fileField: 'image',
    maxFileBytes: LIMITS.clothesImageMaxBytes,
    tooLargeMessage: ko.clothes.imageTooLarge,
  });
  return { input: parseWith(schema, jsonPart(fields), 'request'), image: file?.buffer };
}

export const clothesRoutes: FastifyPluginAsyncZod<ClothesRoutesOptions> = async (app, { clothes }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷장 목록 (최신순)',
        querystring: ClothesListQuery,
        response: { 200: ClothesPage, ...errors },
      },
    },
    async (request) => clothes.list(request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷 등록 (multipart: request JSON + image)',
        consumes: ['multipart/form-data'],
        response: { 201: ClothesDto, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { input, image } = await readClothesForm(request, ClothesCreateRequest);
      return reply.status(201).send(await clothes.create(actorOf(request), input, image));
    },
  );

  app.patch(
    '/:clothesId',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷 수정 (multipart: request JSON + image)',
        consumes: ['multipart/form-data'],
        params: ClothesIdParams,
        response: { 200: ClothesDto, ...uploadErrors },
      },
    },
    async (request) => {
      const { input, image } = await readClothesForm(request, ClothesUpdateRequest);
      return clothes.update(actorOf(request), request.params.clothesId, input, image);
    },
  );

  app.delete(
    '/:clothesId',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷 삭제',
        params: ClothesIdParams,
        response: { 204: z.null(), ...errors, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await clothes.remove(actorOf(request), request.params.clothesId);
      return reply.status(204).send(null);
    },
  );
};
