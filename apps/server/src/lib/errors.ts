import { ko } from '@otboo/contract';

/** An error the API answers with its status and the contract's error body (docs/api.md §1). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly exceptionName: string,
    message: string,
    readonly details: Record<string, string> = {},
    /** Response headers that go with the error (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (
  message: string = ko.common.invalidInput,
  details: Record<string, string> = {},
  name = 'InvalidInputException',
) => new AppError(400, name, message, details);
export const unauthorized = (message: string = ko.common.unauthorized, name = 'UnauthorizedException') =>
  new AppError(401, name, message);
export const forbidden = (message: string = ko.common.forbidden, name = 'ForbiddenException') =>
  new AppError(403, name, message);
export const notFound = (message: string = ko.common.notFound, name = 'NotFoundException') =>
  new AppError(404, name, message);
export const conflict = (message: string, name = 'ConflictException', details: Record<string, string> = {}) =>
  new AppError(409, name, message, details);
export const payloadTooLarge = (message: string = ko.common.payloadTooLarge) =>
  new AppError(413, 'PayloadTooLargeException', message);
export const unsupportedMediaType = (message: string = ko.common.unsupportedMediaType) =>
  new AppError(415, 'UnsupportedMediaTypeException', message);
export const locked = (message: string) => new AppError(423, 'LockedException', message);
export const tooManyRequests = (message: string = ko.common.tooManyRequests, retryAfterSeconds?: number) =>
  new AppError(
    429,
    'TooManyRequestsException',
    message,
    {},
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
  );
export const badGateway = (message: string, name = 'UpstreamException') => new AppError(502, name, message);
export const serviceUnavailable = (message: string, name = 'ServiceUnavailableException') =>
  new AppError(503, name, message);
