import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument } from './openapi';
import { API_DOCS_HEADERS } from './security-headers';

/**
 * Redoc's self-contained browser bundle, kept in the repository (apps/server/vendor/redoc, see its
 * README) rather than installed: the npm package brings some seventy packages (React, styled-components,
 * MobX, an OpenAPI toolchain) that the server never runs. Found upwards from this file: the source
 * and the tests read apps/server/vendor, the built server the copy its build puts in dist/vendor.
 */
function findRedocBundle(start = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'vendor', 'redoc', 'redoc.standalone.js');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error("Redoc's bundle (apps/server/vendor/redoc) is missing.");
  }
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Leerpad API</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <div id="reference" data-spec-url="/api/openapi.json"></div>
    <script src="/api/docs/redoc.standalone.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

// Kept out of the page so the page's policy can forbid inline scripts.
const START = `Redoc.init(
  document.getElementById('reference').dataset.specUrl,
  { hideDownloadButton: false, expandResponses: '200,201', jsonSampleExpandLevel: 3 },
  document.getElementById('reference'),
);
`;

const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_SVG =
  'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 width=%271%27 height=%271%27/%3E';

/**
 * The OpenAPI document at /api/openapi.json and a human-readable reference at /api/docs, rendered
 * by Redoc from the server's own copy: nothing is fetched from another origin.
 */
export function registerApiDocs(api: FastifyInstance, document: OpenApiDocument): void {
  const json = Buffer.from(JSON.stringify(document));
  let renderer: Promise<Buffer> | null = null;
  api.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json),
  );
  api.get('/docs', async (_request, reply) =>
    reply.headers(API_DOCS_HEADERS).type('text/html; charset=utf-8').send(PAGE),
  );
  api.get('/docs/start.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(START),
  );
  api.get('/docs/redoc.standalone.js', async (_request, reply) => {
    renderer ??= readFile(findRedocBundle()).then((bundle) =>
      // The footer's vendor logo would load from a CDN the page's policy forbids; an inline blank keeps the console clean.
      Buffer.from(bundle.toString('utf8').replaceAll(REDOC_CDN_LOGO, BLANK_SVG)),
    );
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(await renderer);
  });
}
