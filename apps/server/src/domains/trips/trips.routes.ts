import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  PackingUpdateRequest,
  TripCreateRequest,
  TripDto,
  TripIdParams,
  TripItemParams,
  TripList,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import type { TripsService } from './trips.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Trips and packing lists under `/api/trips` (docs/api.md §10). */
export const tripsRoutes: FastifyPluginAsyncZod<{ trips: TripsService }> = async (app, { trips }) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['trips'],
        summary: '여행 만들기: 날짜별 날씨에 맞춘 코디와 짐 목록',
        body: TripCreateRequest,
        response: { 201: TripDto, ...errors, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await trips.create(actorOf(request), request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['trips'],
        summary: '내 여행 목록 (최근에 만든 순)',
        response: { 200: TripList, 401: ErrorBody },
      },
    },
    async (request) => trips.list(actorOf(request)),
  );

  app.get(
    '/:tripId',
    {
      schema: {
        tags: ['trips'],
        summary: '여행 하나',
        params: TripIdParams,
        response: { 200: TripDto, ...errors },
      },
    },
    async (request) => trips.get(actorOf(request), request.params.tripId),
  );

  app.put(
    '/:tripId/packing/:clothesId',
    {
      schema: {
        tags: ['trips'],
        summary: '짐 목록의 옷을 챙김/안 챙김으로 표시',
        params: TripItemParams,
        body: PackingUpdateRequest,
        response: { 200: TripDto, ...errors },
      },
    },
    async (request) =>
      trips.setPacked(actorOf(request), request.params.tripId, request.params.clothesId, request.body.packed),
  );

  app.delete(
    '/:tripId',
    {
      schema: {
        tags: ['trips'],
        summary: '여행 삭제',
        params: TripIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await trips.remove(actorOf(request), request.params.tripId);
      return reply.status(204).send(null);
    },
  );
};
