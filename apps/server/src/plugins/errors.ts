import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ko, type ErrorBody } from '@otboo/contract';
import { AppError } from '../lib/errors.js';
import { issueDetails } from '../lib/validate.js';

function body(exceptionName: string, message: string, details: Record<string, string> = {}): ErrorBody {
  return { exceptionName, message, details };
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`/api/clothes/%E0%A4%A`) or a path parameter over
 * its length answers in the error body, in Korean, instead of Fastify's English JSON. These are answered before
 * routing, so no hook of ours runs for them: `headers` (the security headers) and `no-store` are set here.
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers({ ...headers, 'cache-control': 'no-store' });
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return reply.status(414).send(body('UriTooLongException', ko.common.headersTooLarge));
    if (error.code === 'FST_ERR_BAD_URL')
      return reply.status(400).send(body('InvalidRequestException', ko.common.badUrl));
    request.log.error({ err: error, method: request.method, url: request.url }, 'framework error');
    return reply.status(500).send(body('InternalServerException', ko.common.internalError));
  };
}

/** What Node's HTTP parser refuses, by its error code: status, exception name and Korean message. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'RequestHeaderFieldsTooLargeException', ko.common.headersTooLarge];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'RequestTimeoutException', ko.common.requestTimeout];
  return [400, 'InvalidRequestException', ko.common.malformedRequest];
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): a request Node cannot parse (a URL or headers over 16 KB, a
 * malformed request line, a broken chunked body) is answered on the raw socket in the error body, in Korean, and
 * the connection closed. Logged at debug at most: anyone can send these, and a reset connection is not an error.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, exceptionName, message] = clientErrorAnswer(err.code);
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    const payload = JSON.stringify(body(exceptionName, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(payload)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        payload,
    );
  }
  socket.destroy(err);
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

/** SQLSTATEs of text PostgreSQL cannot store (a NUL, a character outside the encoding): the input's fault. */
const TEXT_NOT_STORABLE = new Set(['22021', '22P05']);

interface DriverError {
  code: string;
  severity: string;
  message: string;
  stack?: string;
}

/** The database driver's error behind `error` (Drizzle wraps it as `cause`), or null when it is not one. */
function driverError(error: unknown): DriverError | null {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return current as DriverError;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * What a log line may say about an error: a database error gives its code, its message and the failed
 * statement's SQL, never the bound parameters (Drizzle's own message and stack carry them, and they hold
 * e-mails, names and free text). Data-exception messages (class 22) quote the offending value after a
 * colon, which is cut. Anything else is logged as it is.
 */
export function loggableError(error: unknown): unknown {
  const db = driverError(error);
  if (!db) return error;
  const query = (error as { query?: unknown }).query;
  const stack = (error as { stack?: unknown }).stack;
  return {
    name: 'DatabaseError',
    code: db.code,
    severity: db.severity,
    message: db.code.startsWith('22') ? (db.message.split(': ')[0] ?? '') : db.message,
    ...(typeof query === 'string' ? { query } : {}),
    // The frames only: the first lines of a stack repeat the message, parameters included.
    ...(typeof stack === 'string' ? { stack: stack.slice(Math.max(stack.indexOf('\n    at '), 0)) } : {}),
  };
}

/**
 * One error handler for the whole API: typed service errors, validation errors and Fastify's own errors
 * become docs/api.md's error body; anything else is a generic 500 that is logged, never shown.
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
          code: v.keyword,
          keys: (v.params as { keys?: string[] }).keys,
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
      const db = driverError(error);
      if (db && TEXT_NOT_STORABLE.has(db.code)) {
        // A text field without the contract's safeText check; the 400 keeps the database's words out.
        request.log.warn(
          { code: db.code, method: request.method, url: request.routeOptions.url },
          'text not storable',
        );
        return reply.status(400).send(body('InvalidInputException', ko.validation.textInvalidCharacter));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send(body('InvalidRequestException', ko.common.invalidInput));
      }
      request.log.error(
        { err: loggableError(error), method: request.method, url: request.url, params: request.params },
        'unhandled error',
      );
      return reply.status(500).send(body('InternalServerException', ko.common.internalError));
    });
  },
  { name: 'errors' },
);
