import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request logging with one access-log line per request instead of two: nothing when the request
 * comes in, and on completion its method, URL, status and time (ms). Fastify's own pair serializes the request
 * and the response with their headers (then redacted) in both lines; at `info` that cost about as much CPU as
 * answering the cheapest signed-in route (docs/scaling.md). Headers stay out of the line, so tokens and cookies
 * cannot reach it. Errors are logged as before (`request errored`, the error handler's lines).
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  }
}
