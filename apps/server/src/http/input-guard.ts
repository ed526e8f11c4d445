/**
 * A NUL character is never meaningful in anything we store or look up, and PostgreSQL refuses it
 * inside text ("invalid byte sequence"). Requests carrying one are answered 400 before any query:
 * the address and query string, headers and cookies as soon as the request arrives, the body once
 * it is parsed.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

const NUL = '\u0000';

function refuse(detail: string, source: { pointer?: string; parameter?: string }): never {
  throw ApiError.badRequest('NUL_CHARACTER', detail, source);
}

export function refuseNulInRequestLine(request: FastifyRequest): void {
  let url = request.url;
  try {
    url = decodeURIComponent(url);
  } catch {
    // A malformed escape is the router's to refuse; a raw NUL is still looked for below.
  }
  if (url.includes(NUL)) {
    const query = url.indexOf('?');
    const name = query >= 0 && url.indexOf(NUL) > query ? firstNulParameter(url.slice(query + 1)) : 'path';
    refuse('The address contains a NUL character.', { parameter: name });
  }
  for (const [name, value] of Object.entries(request.headers)) {
    const values = Array.isArray(value) ? value : [value ?? ''];
    if (values.some((text) => text.includes(NUL)))
      refuse(`The header ${name} contains a NUL character.`, { parameter: name });
  }
  for (const [name, value] of Object.entries(request.cookies ?? {})) {
    if (value?.includes(NUL)) refuse(`The cookie ${name} contains a NUL character.`, { parameter: name });
  }
}

function firstNulParameter(query: string): string {
  for (const pair of query.split('&')) {
    if (pair.includes(NUL)) return pair.split('=')[0]?.replace(NUL, '') || 'query';
  }
  return 'query';
}

/** The JSON pointer of the first string (or key) in the body that holds a NUL, if any. */
export function nulPointer(body: unknown): string | null {
  // Walked with a stack of its own: a body may nest thousands of levels deep.
  const pending: Array<[unknown, string]> = [[body, '']];
  while (pending.length > 0) {
    const [value, pointer] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return pointer || '/';
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      const path = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key.includes(NUL)) return path;
      pending.push([item, path]);
    }
  }
  return null;
}

export function refuseNulInBody(request: FastifyRequest): void {
  const pointer = nulPointer(request.body);
  if (pointer) refuse('The request body contains a NUL character.', { pointer });
}
