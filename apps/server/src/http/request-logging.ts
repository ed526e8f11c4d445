import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

const isPrematureClose = (error: Error) =>
  (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
  /premature close/i.test(error.message);

/**
 * Fastify's per-request lines at debug instead of info, so at the default level the log holds the
 * start-up banner, warnings and errors only. A request that fails still logs at error.
 */
export class RequestLogAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // A client that closes its connection mid-answer (a cancelled download) is not our failure.
    if (error && !isPrematureClose(error)) return super.requestCompleted(error, request, reply);
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime, err: error }, 'request completed');
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (!isPrematureClose(error)) return super.streamError(error, request, reply);
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply }, 'client closed the connection before the answer ended');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}
