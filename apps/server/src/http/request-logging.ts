import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
    if (error) return super.requestCompleted(error, request, reply);
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}
