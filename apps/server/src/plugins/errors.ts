import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ko, type ErrorBody } from '@otboo/contract';
import { AppError } from '../lib/errors.js';
import { issueDetails } from '../lib/validate.js';

function body(exceptionName: string, message: string, details: Record<string, string> = {}): ErrorBody {
  return { exceptionName, message, details };
}

/** Fastify's own error codes → contract status and Korean message. */
const FASTIFY_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PayloadTooLargeException', ko.common.payloadTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, 'PayloadTooLargeException', ko.common.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UnsupportedMediaTypeException', ko.common.unsupportedMediaType],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UnsupportedMediaTypeException', ko.common.unsupportedMediaType],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'InvalidInputException', ko.common.invalidInput],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'InvalidInputException', ko.common.invalidInput],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'InvalidInputException', ko.common.invalidInput],
  FST_ERR_VALIDATION: [400, 'InvalidInputException', ko.common.invalidInput],
  FST_ERR_BAD_URL: [400, 'InvalidInputException', ko.common.invalidInput],
  FST_PARTS_LIMIT: [400, 'InvalidInputException', ko.common.invalidInput],
  FST_FILES_LIMIT: [400, 'InvalidInputException', ko.common.invalidInput],
  FST_FIELDS_LIMIT: [400, 'InvalidInputException', ko.common.invalidInput],
};

/**
 * One error handler for the whole API: typed service errors, validation errors and Fastify's own errors
 * become API.md's error body; anything else is a generic 500 that is logged, never shown.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .headers(error.headers)
          .send(body(error.exceptionName, error.message, error.details));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? ko.common.invalidInput,
        }));
        const details = issueDetails(issues, error.validationContext ?? 'request');
        return reply
          .status(400)
          .send(body('InvalidInputException', Object.values(details)[0] ?? ko.common.invalidInput, details));
      }
      if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
        request.log.error(
          { err: error, method: request.method, url: request.url },
          'response did not match the contract',
        );
        return reply.status(500).send(body('InternalServerException', ko.common.internalError));
      }
      const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
      if (known) return reply.status(known[0]).send(body(known[1], known[2]));
      if (error.statusCode === 429)
        return reply.status(429).send(body('TooManyRequestsException', ko.common.tooManyRequests));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send(body('InvalidRequestException', ko.common.invalidInput));
      }
      request.log.error(
        { err: error, method: request.method, url: request.url, params: request.params },
        'unhandled error',
      );
      return reply.status(500).send(body('InternalServerException', ko.common.internalError));
    });
  },
  { name: 'errors' },
);
