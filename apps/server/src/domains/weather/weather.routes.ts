import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CoordinatesQuery, ErrorBody, Location, WeatherList } from '@otboo/contract';
import type { WeatherService } from './weather.service.js';

export interface WeatherRoutesOptions {
  weather: WeatherService;
}

export const weatherRoutes: FastifyPluginAsyncZod<WeatherRoutesOptions> = async (app, { weather }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['weather'],
        summary: '오늘부터 5일간의 날씨',
        querystring: CoordinatesQuery,
        response: { 200: WeatherList, 400: ErrorBody, 401: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => weather.forecast(request.query.latitude, request.query.longitude),
  );

  app.get(
    '/location',
    {
      schema: {
        tags: ['weather'],
        summary: '좌표의 위치 정보(격자, 지역 이름)',
        querystring: CoordinatesQuery,
        response: { 200: Location, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => weather.location(request.query.latitude, request.query.longitude),
  );
};
