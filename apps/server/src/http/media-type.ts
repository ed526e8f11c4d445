import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_API_MEDIA_TYPE } from './jsonapi';

const JSON_TYPE = /^application\/json\b/;

/** The quality the Accept header gives a media type (0 when it is not listed). */
function quality(accept: string, type: string): number {
  let best = 0;
  for (const range of accept.split(',')) {
    const [name, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (name !== type) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    best = Math.max(best, q ? Number(q.slice(2)) || 0 : 1);
  }
  return best;
}

/**
 * Whether the answer should be labelled with the JSON:API media type: the Accept header prefers it
 * to application/json. On a tie (the web app sends both) the answer stays application/json.
 */
export function prefersJsonApi(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  return quality(accept, JSON_API_MEDIA_TYPE) > quality(accept, 'application/json');
}

/** Whether the Accept header prefers CSV to JSON (a report's export on the list's own address). */
export function prefersCsv(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  const csv = quality(accept, 'text/csv');
  return csv > 0 && csv > Math.max(quality(accept, 'application/json'), quality(accept, JSON_API_MEDIA_TYPE));
}

/**
 * Bodies may be sent as `application/vnd.api+json` as well as `application/json` (parsed alike), and
 * a client whose Accept prefers the JSON:API media type gets its answers labelled so; everyone else
 * (the web app, which accepts both) keeps `application/json`.
 */
export function registerJsonApiMediaType(app: FastifyInstance): void {
  app.addContentTypeParser(
    JSON_API_MEDIA_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && JSON_TYPE.test(type) && prefersJsonApi(request)) {
      reply.header('content-type', JSON_API_MEDIA_TYPE);
    }
    return payload;
  });
}
