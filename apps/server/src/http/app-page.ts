/**
 * The app's page (index.html), sent for every app address. It carries what the first render would
 * otherwise ask for one request after another (docs/decisions/015):
 *
 * - the session answers (ping, the current portal, and when signed in /me, the terms to accept and
 *   the page's first reads: the course page's outline and the object its player opens, the
 *   notifications page's first page, the catalog's first page with its labels and categories) as a
 *   JSON data block, keyed by the exact address the web app
 *   requests, so its first queries need no round trip (decisions 082 and 083: the terms decide
 *   whether the page shows at all, and the first reads are what the page's largest element waits
 *   for);
 * - `<link rel="modulepreload">` for the route's lazy chunks, from the web build's route preload
 *   list (`route-preloads.json`, written after `vite build`), so they load beside the entry script,
 *   and for the text files of the visitor's language that the page shows first (decision 077).
 *
 * - the app's stylesheet inline (when it is no bigger than 100 KB): the splash then paints as soon as
 *   the page has arrived, one round trip before a stylesheet of its own would have (decision 082);
 *
 * - a splash in the app's root, the spinner the app shows while it starts with the portal's name
 *   under it, so a phone on a slow connection shows the page at once instead of a blank screen
 *   until the scripts have run; the app's first render replaces it.
 *
 * The page is per visitor: `private, no-store`, so no shared cache (nor the back button) serves one
 * visitor's answers to another or a signed-out page its signed-in state. It goes out compressed when
 * the browser accepts it (Brotli at a fast quality, else gzip): with the session answers it is some
 * 6–9 KB, a third of that compressed, and on a phone's connection every byte before the first
 * script counts (docs/decisions/077).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  escapeHtml,
  firstReads,
  followingReads,
  isLocale,
  type Locale,
} from '@leerpad/core';

/** The session answers in the page, in the order the web app asks for them. */
export const BOOT_ADDRESSES = {
  ping: '/api/ping',
  portal: '/api/v1/portals/current?include=languages',
  me: '/api/v1/me',
  agreement: '/api/v1/agreements/current',
} as const;
export const BOOT_ELEMENT_ID = 'leerpad-boot';

/** Route preloads: a page gets the files of every prefix its path falls under; '/' is every page. */
interface RoutePreload {
  prefix: string;
  files: string[];
  /** Text files per language. */
  texts?: Partial<Record<string, string[]>>;
}

interface Resource {
  type?: string;
  id?: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: { type?: string; id?: string } | null }>;
}
interface Document {
  data?: Resource;
  included?: Resource[];
}

/**
 * The language a signed-in visitor's page shows, read from the answers it carries, as the web app
 * chooses it (apps/web/src/lib/i18n/language.ts, activeLocale): the account's language when the portal
 * offers it, else the portal's default_language parameter, its primary language, nl, or the first
 * one offered. Should the two ever differ, the app loads the right texts itself: a preload is a hint.
 */
export function pageLocale(portal: Document | undefined, me: Document | undefined): Locale {
  const languages = (portal?.included ?? []).filter((resource) => resource.type === 'portal_languages');
  const localeOf = (language: Resource) =>
    language.attributes?.locale ?? (language.attributes?.language as { locale?: unknown } | null)?.locale;
  const listed = [...new Set(languages.map(localeOf).filter(isLocale))];
  const offered: Locale[] = listed.length > 0 ? listed : [...LANGUAGES];
  const accountId = me?.data?.relationships?.account?.data?.id;
  const account = me?.included?.find((resource) => resource.type === 'accounts' && resource.id === accountId);
  const accountLocale = account?.attributes?.locale;
  if (isLocale(accountLocale) && offered.includes(accountLocale)) return accountLocale;
  const parameters = (portal?.data?.attributes?.parameters ?? []) as Array<{
    type?: unknown;
    data?: unknown;
  }>;
  const parameter = parameters.find((entry) => entry.type === 'default_language')?.data;
  if (isLocale(parameter) && offered.includes(parameter)) return parameter;
  const primary = languages.find((language) => language.attributes?.is_primary === true);
  const primaryLocale = primary ? localeOf(primary) : undefined;
  if (isLocale(primaryLocale) && offered.includes(primaryLocale)) return primaryLocale;
  return offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (offered[0] ?? DEFAULT_LANGUAGE);
}

/** Request headers passed on to the session answers: who and where, never how to encode. */
const FORWARDED_HEADERS = [
  'host',
  'cookie',
  'accept-language',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
];

/** JSON inside <script>: no `<` may appear, so neither `</script>` nor `<!--` can end or alter it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The splash inside the app's root until the app renders: the boot spinner of the web app
 * (components/loading.tsx, BootSplash, with the same classes) and the portal's name.
 */
export function bootSplash(portal: Document | undefined): string {
  const name = portal?.data?.attributes?.name;
  const label =
    typeof name === 'string' && name.trim()
      ? `<p class="text-sm text-slate-600">${escapeHtml(name)}</p>`
      : '';
  return (
    '<div class="flex min-h-screen flex-col items-center justify-center gap-3" aria-busy="true">' +
    '<span class="size-8 animate-spin-slow rounded-full border-4 border-slate-200 border-t-slate-500" aria-hidden="true"></span>' +
    `${label}</div>`
  );
}

const INLINE_STYLESHEET_LIMIT = 100 * 1024;

/**
 * The page template with its stylesheet link replaced by the stylesheet itself, when that is small
 * enough; as it is otherwise (or when the file is missing). The stylesheet has no relative URLs
 * (Vite writes them from the root), and `</` is escaped so it cannot close its style element.
 */
export function inlineStylesheet(template: string, webDir: string): string {
  const link = /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/.exec(template);
  if (!link?.[1]) return template;
  const file = join(webDir, link[1]);
  if (!existsSync(file)) return template;
  const css = readFileSync(file, 'utf8');
  if (Buffer.byteLength(css) > INLINE_STYLESHEET_LIMIT) return template;
  return template.replace(link[0], () => `<style>${css.replaceAll('</', '<\\/')}</style>`);
}

function readRoutePreloads(webDir: string): RoutePreload[] {
  const file = join(webDir, 'route-preloads.json');
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[];
}

function matches(pathname: string, prefix: string): boolean {
  return prefix === '/' || pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The page in the best encoding the browser accepts (`br`, `gzip`), or as it is. */
export function encodePage(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: string } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.split(';'))
      .filter(([, quality]) => quality === undefined || !/^\s*q=0(\.0*)?\s*$/.test(quality))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  const plain = Buffer.from(html);
  if (accepted.has('br'))
    return {
      body: brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (accepted.has('gzip')) return { body: gzipSync(plain), encoding: 'gzip' };
  return { body: plain };
}

export function appPageHandler(app: FastifyInstance, webDir: string) {
  const template = inlineStylesheet(readFileSync(join(webDir, 'index.html'), 'utf8'), webDir);
  const preloads = readRoutePreloads(webDir);

  async function sessionAnswers(
    request: FastifyRequest,
    pathname: string,
    search: string,
  ): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = async (url: string) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers,
        remoteAddress: request.socket.remoteAddress,
      });
      return response.statusCode === 200 ? (response.json() as unknown) : undefined;
    };
    const [ping, portal] = await Promise.all([answer(BOOT_ADDRESSES.ping), answer(BOOT_ADDRESSES.portal)]);
    const answers: Record<string, unknown> = {};
    if (ping !== undefined) answers[BOOT_ADDRESSES.ping] = ping;
    if (portal !== undefined) answers[BOOT_ADDRESSES.portal] = portal;
    const signedIn = (ping as { authenticated?: unknown } | undefined)?.authenticated === true;
    if (signedIn) {
      const accountId = (ping as { account_id?: unknown }).account_id;
      const reads = typeof accountId === 'string' ? firstReads(pathname, search, accountId) : [];
      const [me, agreement, ...read] = await Promise.all([
        answer(BOOT_ADDRESSES.me),
        answer(BOOT_ADDRESSES.agreement),
        ...reads.map(answer),
      ]);
      if (me !== undefined) answers[BOOT_ADDRESSES.me] = me;
      // Someone acting as this account does not ask for its terms (the web app's AuthenticatedShell).
      const acting = (me as Document | undefined)?.data?.attributes?.acting;
      if (agreement !== undefined && !acting) answers[BOOT_ADDRESSES.agreement] = agreement;
      reads.forEach((address, index) => {
        if (read[index] !== undefined) answers[address] = read[index];
      });
      // What the first answers lead to: the object the course player opens.
      const following = followingReads(pathname, search, answers);
      const followed = await Promise.all(following.map(answer));
      following.forEach((address, index) => {
        if (followed[index] !== undefined) answers[address] = followed[index];
      });
    }
    return answers;
  }

  function preloadLinks(pathname: string, answers: Record<string, unknown>): string {
    if (!(BOOT_ADDRESSES.me in answers)) return '';
    const locale = pageLocale(
      answers[BOOT_ADDRESSES.portal] as Document | undefined,
      answers[BOOT_ADDRESSES.me] as Document | undefined,
    );
    const files = new Set<string>();
    for (const preload of preloads) {
      if (!matches(pathname, preload.prefix)) continue;
      preload.files.forEach((file) => files.add(file));
      preload.texts?.[locale]?.forEach((file) => files.add(file));
    }
    return [...files].map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  }

  return async function sendAppPage(request: FastifyRequest, reply: FastifyReply) {
    let answers: Record<string, unknown> = {};
    const [pathname = '/', search = ''] = request.url.split('?');
    try {
      answers = await sessionAnswers(request, pathname, search);
    } catch (error) {
      // The page works without them: the app then asks for the session itself.
      request.log.warn({ err: error }, 'the page goes out without the session answers');
    }
    const head =
      `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafeJson(answers)}</script>` +
      preloadLinks(pathname, answers);
    const splash = bootSplash(answers[BOOT_ADDRESSES.portal] as Document | undefined);
    const html = template
      .replace('</head>', `${head}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${splash}</div>`);
    const { body, encoding } = encodePage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('vary', 'cookie, accept-encoding')
      .send(body);
  };
}
