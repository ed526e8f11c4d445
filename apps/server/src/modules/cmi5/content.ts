import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../context/services';
import { CONTENT_HEADERS } from '../scorm/content';
import { packagePath } from '../scorm/manifest';
import { CMI5_CONTENT_PATH, CMI5_FETCH_PATH, fetchAuthToken, filesOf, findContentSession } from './service';

const notFound = (reply: FastifyReply) =>
  reply.status(404).type('text/plain; charset=utf-8').headers(CONTENT_HEADERS).send('Not found');

const FETCH_HEADERS = {
  // The AU runs in an opaque origin (the sandboxed frame) or on another host: it reads the answer.
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'Content-Type',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

/**
 * A cmi5 launch's two addresses outside the API (decision 068): the package's files at
 * `/cmi5-content/<token>/<path>`, sandboxed like SCORM content and opened by the token alone, and
 * the one-time fetch URL `/cmi5-fetch/<token>` that hands the AU its LRS credential.
 */
export async function registerCmi5Content(app: FastifyInstance, services: Services): Promise<void> {
  app.get(`${CMI5_CONTENT_PATH}/:token/*`, async (request: FastifyRequest, reply: FastifyReply) => {
    const { token, '*': rest } = request.params as { token: string; '*': string };
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return notFound(reply);
    const found = await findContentSession(services.db, token);
    if (!found) return notFound(reply);
    let wanted: string;
    try {
      wanted = decodeURIComponent((rest ?? '').split('?')[0]!);
    } catch {
      return notFound(reply);
    }
    const path = packagePath(wanted);
    const files = filesOf(found.pkg);
    const index = path === null ? -1 : files.findIndex((file) => file.path === path);
    if (index === -1) return notFound(reply);
    const file = files[index]!;
    const stored = await services.storage.read(`${found.pkg.storage_prefix}/${index}`);
    if (!stored) return notFound(reply);
    reply.headers(CONTENT_HEADERS).type(file.type);
    reply.header('content-length', String(stored.byteSize));
    return reply.send(stored.stream);
  });

  await app.register(async (scope) => {
    // The AU may post any body (or none): it is not read.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.options(`${CMI5_FETCH_PATH}/:token`, async (_request, reply) =>
      reply.status(204).headers(FETCH_HEADERS).send(),
    );
    scope.post(`${CMI5_FETCH_PATH}/:token`, async (request: FastifyRequest, reply: FastifyReply) => {
      const { token } = request.params as { token: string };
      const portal =
        (await services.portals.findByDomain(request.hostname)) ??
        (services.config.demo ? await services.portals.first() : null);
      const answer =
        portal && /^[A-Za-z0-9_-]{20,64}$/.test(token)
          ? await fetchAuthToken(services.db, portal.id, token)
          : { 'error-code': '2' as const, 'error-text': 'This fetch URL is unknown or has expired.' };
      // cmi5 §8.2.3: errors are answered with their code in the JSON body.
      return reply.status(200).headers(FETCH_HEADERS).type('application/json').send(JSON.stringify(answer));
    });
  });
}
