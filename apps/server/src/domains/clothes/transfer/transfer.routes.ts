import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClothesImportResultDto, ErrorBody, LIMITS, ko } from '@otboo/contract';
import { badRequest } from '../../../lib/errors.js';
import { saveUploadToTempFile } from '../../../lib/upload-file.js';
import { actorOf } from '../../../plugins/auth.js';
import type { TransferService } from './transfer.service.js';

export interface TransferRoutesOptions {
  transfer: TransferService;
}

/** `GET /api/clothes/export` (ZIP) and `POST /api/clothes/import` (multipart `file`: that ZIP or its CSV). */
export const transferRoutes: FastifyPluginAsyncZod<TransferRoutesOptions> = async (app, { transfer }) => {
  app.get(
    '/export',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷장 내보내기 (ZIP: clothes.csv, clothes.json, photos/)',
        // A ZIP stream, not JSON: no response schema (errors still answer the usual error body).
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const { fileName, archive } = await transfer.exportCloset(actorOf(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(archive);
    },
  );

  app.post(
    '/import',
    {
      schema: {
        tags: ['clothes'],
        summary: '옷장 가져오기 (multipart: file = 내보낸 ZIP 또는 clothes.csv)',
        consumes: ['multipart/form-data'],
        response: {
          200: ClothesImportResultDto,
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
      const actor = actorOf(request);
      const declared = Number(request.headers['content-length']);
      // Admitted before a byte of the upload is read: a refused import costs no temporary disk.
      const release = transfer.admitImport(actor, Number.isSafeInteger(declared) ? declared : undefined);
      try {
        const upload = await saveUploadToTempFile(request, {
          field: 'file',
          maxBytes: LIMITS.clothesImportMaxBytes,
          tooLargeMessage: ko.clothes.transfer.fileTooLarge,
        });
        if (!upload)
          throw badRequest(ko.clothes.transfer.fileRequired, { file: ko.clothes.transfer.fileRequired });
        try {
          return await transfer.importCloset(actor, upload);
        } finally {
          await upload.remove();
        }
      } finally {
        release();
      }
    },
  );
};
