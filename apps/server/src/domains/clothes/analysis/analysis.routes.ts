import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClothesAnalysisDto, ErrorBody, LIMITS, ko } from '@otboo/contract';
import { badRequest } from '../../../lib/errors.js';
import { readMultipart } from '../../../lib/multipart.js';
import { actorOf } from '../../../plugins/auth.js';
import type { AnalysisService } from './analysis.service.js';

export interface AnalysisRoutesOptions {
  analysis: AnalysisService;
}

/** `POST /api/clothes/analyses`: multipart `image` (the same limits as a clothes photo) → what the photo tells. */
export const analysisRoutes: FastifyPluginAsyncZod<AnalysisRoutesOptions> = async (app, { analysis }) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['clothes'],
        summary: '사진 분석 (multipart: image) — 색상, 이름, 종류 추정, 저장하지 않음',
        consumes: ['multipart/form-data'],
        response: {
          200: ClothesAnalysisDto,
          400: ErrorBody,
          401: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request) => {
      const { file } = await readMultipart(request, {
        fileField: 'image',
        maxFileBytes: LIMITS.clothesImageMaxBytes,
        tooLargeMessage: ko.clothes.imageTooLarge,
      });
      if (!file) throw badRequest(ko.clothes.imageInvalid, { image: ko.clothes.imageInvalid });
      return analysis.analyse(actorOf(request), file.buffer, file.filename);
    },
  );
};
