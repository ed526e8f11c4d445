import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../context/services';
import { packagePath } from './manifest';
import { CONTENT_PATH, filesOf, findLaunch, runtimeStart } from './service';
import type { FlatCmi } from './runtime-data';

/** Where the runtime shim is served inside a launch's content path (decision 064). */
export const RUNTIME_FILE = '~leerpad/runtime.js';

/**
 * The content of a package is untrusted code. Its answers carry their own policy: `sandbox`
 * without allow-same-origin (an opaque origin: no cookies, no storage, no reach into the app, even
 * when the address is opened on its own), scripts and styles of the package itself, and framing by
 * the app only.
 */
export const CONTENT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': [
    'sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads',
    "default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join(';'),
  // Requests of an opaque origin are cross-origin (scripts even in CORS mode, `Origin: null`): the
  // package's own files must load. They carry no credentials and the token is the only key.
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'private, no-cache',
});

const require = createRequire(import.meta.url);
let crossFrameApi: string | null = null;
/** scorm-again's CrossFrameAPI: inside the frame it answers the SCO at once from a cache and relays to the player. */
function crossFrameApiSource(): string {
  crossFrameApi ??= readFileSync(require.resolve('scorm-again/cross-frame-api/min'), 'utf8').replace(
    /\/\/# sourceMappingURL=.*$/m,
    '',
  );
  return crossFrameApi;
}

/** `</script>` and line separators cannot end or break the script the data sits in. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function runtimeScript(origin: string, cmi: FlatCmi): string {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(cmi))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      values[key] = String(value ?? '');
  return `${crossFrameApiSource()}
;(function () {
  var Api = window.CrossFrameAPI && (window.CrossFrameAPI.default || window.CrossFrameAPI);
  var api = new Api(${scriptJson(origin)}, window.parent);
  var values = ${scriptJson(values)};
  // What the learner left: answered at once, before the player's copy arrives.
  for (var key in values) api._cache.set(key, values[key]);
  window.API = api;
  window.API_1484_11 = api;
})();
`;
}

const INJECT = (token: string) => `<script src="${CONTENT_PATH}/${token}/${RUNTIME_FILE}"></script>`;

/** Adds the runtime shim as the first script of a SCO's page. */
export function injectRuntime(html: string, token: string): string {
  const tag = INJECT(token);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const htmlTag = /<html(\s[^>]*)?>/i.exec(html);
  if (htmlTag)
    return (
      html.slice(0, htmlTag.index + htmlTag[0].length) + tag + html.slice(htmlTag.index + htmlTag[0].length)
    );
  return tag + html;
}

const notFound = (reply: FastifyReply) =>
  reply.status(404).type('text/plain; charset=utf-8').headers(CONTENT_HEADERS).send('Not found');

/**
 * Serves a launch's package files at `/scorm-content/<token>/<path>`: the token (unguessable,
 * 12 hours) is the only key, the session cookie is never read, and the content runs sandboxed.
 */
export function registerScormContent(app: FastifyInstance, services: Services): void {
  app.get(`${CONTENT_PATH}/:token/*`, async (request: FastifyRequest, reply: FastifyReply) => {
    const { token, '*': rest } = request.params as { token: string; '*': string };
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return notFound(reply);
    const found = await findLaunch(services.db, token);
    if (!found) return notFound(reply);
    const { launch, pkg } = found;
    let wanted: string;
    try {
      wanted = decodeURIComponent((rest ?? '').split('?')[0]!);
    } catch {
      return notFound(reply);
    }
    if (wanted === RUNTIME_FILE) {
      const cmi = await runtimeStart(services.db, launch, pkg);
      return reply
        .headers(CONTENT_HEADERS)
        .type('text/javascript; charset=utf-8')
        .send(runtimeScript(`${request.protocol}://${request.host}`, cmi));
    }
    const path = packagePath(wanted);
    const files = filesOf(pkg);
    const index = path === null ? -1 : files.findIndex((file) => file.path === path);
    if (index === -1) return notFound(reply);
    const file = files[index]!;
    const stored = await services.storage.read(`${pkg.storage_prefix}/${index}`);
    if (!stored) return notFound(reply);
    reply.headers(CONTENT_HEADERS).type(file.type);
    if (file.type.startsWith('text/html')) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      return reply.send(injectRuntime(Buffer.concat(chunks).toString('utf8'), token));
    }
    reply.header('content-length', String(stored.byteSize));
    return reply.send(stored.stream);
  });
}
