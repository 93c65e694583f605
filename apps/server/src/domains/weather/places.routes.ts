import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, LocationList, PlaceSearchQuery } from '@otboo/contract';
import type { PlaceSearch } from './place-search.js';

export interface PlacesRoutesOptions {
  places: PlaceSearch;
}

/** `GET /api/weathers/locations` (docs/api.md §9.1): places by name from the embedded region table. */
export const placesRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { places }) => {
  app.get(
    '/locations',
    {
      schema: {
        tags: ['weather'],
        summary: '이름으로 지역 찾기',
        querystring: PlaceSearchQuery,
        response: { 200: LocationList, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => places(request.query.query, request.query.limit),
  );
};
