import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClothesExtractionDto, ErrorBody, ExtractionQuery } from '@otboo/contract';
import { actorOf } from '../../../plugins/auth.js';
import type { ExtractionService } from './extraction.service.js';

export interface ExtractionRoutesOptions {
  extraction: ExtractionService;
}

/** `/api/clothes/extractions?url=`: garment data guessed from a shop's product page. */
export const extractionRoutes: FastifyPluginAsyncZod<ExtractionRoutesOptions> = async (
  app,
  { extraction },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['clothes'],
        summary: '상품 링크로 옷 정보 불러오기',
        querystring: ExtractionQuery,
        response: {
          200: ClothesExtractionDto,
          400: ErrorBody,
          401: ErrorBody,
          429: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request) => extraction.extract(actorOf(request), request.query.url),
  );
};
