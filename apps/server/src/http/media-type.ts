import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_API_MEDIA_TYPE } from './jsonapi';

const JSON_TYPE = /^application\/json\b/;

/** Whether the request's Accept header lists the JSON:API media type. */
export function acceptsJsonApi(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  return accept.split(',').some((range) => range.split(';')[0]?.trim().toLowerCase() === JSON_API_MEDIA_TYPE);
}

/**
 * Bodies may be sent as `application/vnd.api+json` as well as `application/json` (parsed alike), and
 * a client whose Accept asks for the JSON:API media type gets its answers labelled so; everyone else
 * (the web app) keeps `application/json`.
 */
export function registerJsonApiMediaType(app: FastifyInstance): void {
  app.addContentTypeParser(
    JSON_API_MEDIA_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && JSON_TYPE.test(type) && acceptsJsonApi(request)) {
      reply.header('content-type', JSON_API_MEDIA_TYPE);
    }
    return payload;
  });
}
