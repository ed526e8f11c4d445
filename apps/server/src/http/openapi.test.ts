import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, getTotals, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describePermission } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '../modules/index';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { metaDocument } from './jsonapi';
import { buildOpenApiDocument, fileAnswerOf, openApiPath, SESSION_ONLY, SIGNED_BY_CALLER } from './openapi';
import { defineRoute } from './route';

const document = buildOpenApiDocument(allRoutes);
const source = JSON.stringify(document);
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);
const operationAt = (method: string, path: string) => {
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`No operation ${method} ${path}`);
  return operation;
};
const mediaTypes = (method: string, path: string, status = '200') =>
  Object.keys((operationAt(method, path).responses[status]?.content ?? {}) as Record<string, unknown>);
const fileRoutes = allRoutes.filter((definition) => definition.response === 'file');

describe('the OpenAPI document under three validators', () => {
  it('is valid OpenAPI 3.1 for swagger-parser', async () => {
    // swagger-parser dereferences what it is given; it gets a copy.
    const problem = await SwaggerParser.validate(structuredClone(document) as never).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(problem).toBeNull();
    expect(document.openapi).toBe('3.1.0');
  }, 120_000);

  it("has no error and no warning under redocly's recommended rules", async () => {
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const messages = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`,
    );
    expect(messages).toEqual([]);
    expect(getTotals(problems)).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it("has no error and no warning under spectral's oas ruleset", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(new Document(source, Json, 'openapi.json'));
    // Severity 0 is an error, 1 a warning (2 and 3 are information and hints).
    const messages = results
      .filter((result) => result.severity <= 1)
      .map(
        (result) =>
          `${result.severity === 0 ? 'error' : 'warning'} ${String(result.code)}: ${result.message} at ${result.path.join('.')}`,
      );
    expect(messages).toEqual([]);
  }, 120_000);

  it('the redocly check fails on what it should catch (no licence)', async () => {
    const { license: _license, ...info } = document.info;
    const problems = await lintFromString({
      source: JSON.stringify({ ...document, info }),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(problems.map((problem) => problem.ruleId)).toEqual(['info-license']);
  });

  it('the spectral check fails on what it should catch (an operation without a description)', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    // One route's document is enough, and quicker to lint.
    const courses = allRoutes.filter(
      (definition) => definition.url === '/v1/courses' && definition.method === 'GET',
    );
    const broken = buildOpenApiDocument(courses);
    delete (broken.paths['/api/v1/courses']!.get as { description?: string }).description;
    const results = await spectral.run(new Document(JSON.stringify(broken), Json, 'openapi.json'));
    expect(results.map((result) => `${String(result.code)} ${result.path.join('.')}`)).toEqual([
      'operation-description paths./api/v1/courses.get',
    ]);
  }, 120_000);
});

describe('the OpenAPI document', () => {
  it('documents every route: operationId, tags, description, security, success schema and error answers', () => {
    expect(operations).toHaveLength(allRoutes.length);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags.length, where).toBeGreaterThan(0);
      expect(operation.security, where).toBeDefined();
      expect(operation.description, where).toContain('**Who may call it:**');
      expect(operation.description, where).toContain('**Answer:**');
      const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [, response] of success) {
        const content = response.content as Record<string, { schema?: unknown }>;
        expect(Object.keys(content).length, where).toBeGreaterThan(0);
      }
      expect(operation.responses.default, where).toBeDefined();
    }
  });

  it('describes every tag it uses in words of its own', () => {
    const used = new Set(operations.flatMap(({ operation }) => operation.tags));
    expect(document.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
    for (const tag of document.tags) expect(tag.description, tag.name).not.toBe(tag.name);
  });

  it('offers the session cookie and API tokens, and applies them per operation as the pipeline does', () => {
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'leerpad_session' },
      apiToken: { type: 'http', scheme: 'bearer' },
    });
    const login = operationAt('post', '/api/auth/login');
    expect(login.security).toEqual([]);
    expect(login.responses['401']).toBeUndefined();
    expect(login.description).toContain('anyone; no session is needed');

    // Signed-in routes are about a person: a token is refused there (decision 022).
    const me = operationAt('get', '/api/v1/me');
    expect(me.security).toEqual([{ session: [] }]);
    expect(me['x-token-scope']).toBeUndefined();
    expect(me.description).toContain('API tokens are refused (403 `TOKEN_SCOPE`)');

    for (const definition of allRoutes) {
      const operation = operationAt(definition.method.toLowerCase(), openApiPath('/api', definition.url));
      const where = `${definition.method} ${definition.url}`;
      if (definition.permission === 'public') expect(operation.security, where).toEqual([]);
      else if (definition.permission === 'signed-in')
        expect(operation.security, where).toEqual([{ session: [] }]);
      else if (SESSION_ONLY.has(where)) {
        expect(operation.security, where).toEqual([{ session: [] }]);
        expect(operation['x-token-scope'], where).toBeUndefined();
        expect(operation.description, where).toContain('an API token is refused here whatever its scopes');
      } else {
        expect(operation.security, where).toEqual([{ session: [] }, { apiToken: [] }]);
        expect(operation['x-token-scope'], where).toBe(definition.permission);
        expect(operation.description, where).toContain(describePermission(definition.permission));
      }
    }
    const accounts = operationAt('get', '/api/v1/accounts/export');
    expect(accounts['x-token-scope']).toBe('manage:account');
    expect(accounts.description).toContain('its scopes include `manage:account`');
  });

  it('gives every file route the media types it answers with', () => {
    const missing = fileRoutes.filter((definition) => !fileAnswerOf(definition));
    expect(missing.map((definition) => `${definition.method} ${definition.url}`)).toEqual([]);
    for (const path of [
      '/api/v1/accounts/export',
      '/api/v1/audit_events/export',
      '/api/v1/agreement_acceptances/export',
      '/api/v1/mailing_list_settings/export',
      '/api/v1/orders/export',
    ]) {
      expect(mediaTypes('get', path), path).toEqual(['text/csv']);
    }
    expect(mediaTypes('get', '/api/v1/invoices/{invoice}/pdf')).toEqual(['application/pdf']);
    expect(mediaTypes('get', '/api/v1/certificates/{certificate}/pdf')).toEqual(['application/pdf']);
    expect(mediaTypes('get', '/api/v1/certificates/{certificate}/credential')).toEqual([
      'application/vc+jwt',
    ]);
    expect(mediaTypes('get', '/api/v1/avatars/{file}')).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(mediaTypes('get', '/api/v1/portals/{portal}/exports/{export}/file')).toEqual(['application/zip']);
    expect(mediaTypes('get', '/api/v1/files/{file}/content')).toEqual(
      expect.arrayContaining(['image/png', 'application/pdf', 'video/mp4', 'application/octet-stream']),
    );
    // A JSON list that also answers CSV when asked lists both.
    expect(mediaTypes('get', '/api/v1/qualifications')).toEqual([
      'application/json',
      'application/vnd.api+json',
      'text/csv',
    ]);
    // Errors of file routes are still JSON:API documents.
    expect(
      Object.keys(operationAt('get', '/api/v1/invoices/{invoice}/pdf').responses['404']!.content!),
    ).toContain('application/json');
  });

  it('describes each operation from its declaration: permission, feature, subscription, query, body and answer', () => {
    const classmates = operationAt('get', '/api/v1/courses/{course}/classmates').description;
    expect(classmates).toContain('only on portals with `group_assignments` switched on');
    expect(classmates).toContain('**Pages:**');
    const progress = operationAt('put', '/api/v1/learning_objects/{learning_object}/progress').description;
    expect(progress).toContain('402 `PAYMENT_REQUIRED`');
    expect(progress).toContain('X-Requested-With: XMLHttpRequest');
    const courses = operationAt('get', '/api/v1/courses').description;
    expect(courses).toMatch(/\*\*Filters:\*\* .*`filter\[category\]`/);
    expect(courses).toContain('`include` names relationships of `courses`');
    expect(courses).toContain('`catalog_category`');
    const accounts = operationAt('get', '/api/v1/accounts').description;
    expect(accounts).toContain('`filter[status]` (active | deactivated)');
    const create = operationAt('post', '/api/v1/courses').description;
    expect(create).toContain('required: `title`');
    expect(create).toContain('201 with one `courses` resource (`Course`)');
    expect(operationAt('get', '/api/v1/certificates/{certificate}/credential').description).toContain(
      '`application/vc+jwt`',
    );
    // Stripe signs its calls: its webhook is documented without X-Requested-With (checked against the server below).
    expect([...SIGNED_BY_CALLER]).toEqual(['/v1/payment_webhooks/stripe']);
    expect(operationAt('post', '/api/v1/payment_webhooks/stripe').description).not.toContain(
      'X-Requested-With',
    );
  });

  it("lets a route's own description replace the summary's sentence, keeping the declared facts", () => {
    const route = defineRoute({
      method: 'DELETE',
      url: '/v1/widgets/:widget',
      summary: 'Remove a widget',
      description: 'Removes the widget **and** its history.',
      tags: ['courses'],
      permission: 'manage:course',
      feature: 'catalog-categories',
      params: z.object({ widget: z.string() }),
      response: metaDocument({ deleted: z.literal(true) }),
      handler: () => Promise.resolve({ meta: { deleted: true } }),
    });
    const operation = buildOpenApiDocument([route]).paths['/api/v1/widgets/{widget}']!.delete!;
    expect(operation.summary).toBe('Remove a widget');
    expect(operation.description.split('\n\n')[0]).toBe('Removes the widget **and** its history.');
    expect(operation.description).toContain('`manage:course`');
    expect(operation.description).toContain('`catalog-categories`');
    expect(operation.description).toContain('200 with a document with `meta` only (`deleted`)');
  });

  it('names one schema per resource type and refers to it', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Course', 'ContentLabel', 'Enrollment', 'QuizAttempt', 'ErrorDocument']),
    );
    const label = document.paths['/api/v1/content_labels']?.post?.responses['201'] as {
      content: Record<string, { schema: { properties: { data: unknown } } }>;
    };
    expect(label.content['application/vnd.api+json']?.schema.properties.data).toEqual({
      $ref: '#/components/schemas/ContentLabel',
    });
  });
});

describe('the API reference', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@leerpad.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the document at /api/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(t.openApi)));
  });

  it('renders it at /api/docs with scripts from this origin only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/docs/redoc.standalone.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
    // Nothing the page loads comes from another origin, the footer's vendor logo included.
    expect(script.body).not.toContain('cdn.redoc.ly');
    // Every other API answer keeps the strict policy.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(me.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'self'");
  });

  it('lets an API token in exactly where the document says it may', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api_tokens',
      headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest' },
      payload: { name: 'Accounting', scopes: ['manage:account', 'manage:portal-settings'] },
    });
    expect(made.statusCode).toBe(201);
    const secret = (made.json() as { data: { attributes: { secret: string } } }).data.attributes.secret;
    const withToken = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}` },
        ...(payload ? { payload } : {}),
      });

    // A scope the document names in x-token-scope opens the route, without X-Requested-With.
    expect(operationAt('get', '/api/v1/accounts/export')['x-token-scope']).toBe('manage:account');
    const csv = await withToken('GET', '/api/v1/accounts/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    // Signed-in routes (session only in the document) refuse it.
    expect(operationAt('get', '/api/v1/me').security).toEqual([{ session: [] }]);
    const me = await withToken('GET', '/api/v1/me');
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ errors: [{ code: 'TOKEN_SCOPE' }] });
    // Session-only routes refuse it whatever its scopes.
    for (const route of SESSION_ONLY) {
      const [method, url] = route.split(' ') as ['POST', string];
      const response = await withToken(method, `/api${url}`, { name: 'Another', scopes: ['manage:account'] });
      expect(response.statusCode, route).toBe(403);
      expect(response.json(), route).toMatchObject({ errors: [{ code: 'TOKEN_SCOPE' }] });
    }
  });

  it('asks for X-Requested-With exactly where the server does', async () => {
    const post = (url: string) =>
      t.app.inject({ method: 'POST', url, payload: {}, headers: { 'content-type': 'application/json' } });
    const login = await post('/api/auth/login');
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ errors: [{ code: 'CSRF' }] });
    expect(operationAt('post', '/api/auth/login').description).toContain('X-Requested-With: XMLHttpRequest');
    for (const url of SIGNED_BY_CALLER) {
      const response = await post(`/api${url}`);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(JSON.stringify(response.json()), url).not.toContain('"CSRF"');
    }
  });

  it('answers each CSV export as documented: its media type and its header row', async () => {
    for (const path of [
      '/api/v1/accounts/export',
      '/api/v1/audit_events/export',
      '/api/v1/agreement_acceptances/export',
      '/api/v1/mailing_list_settings/export',
      '/api/v1/orders/export',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { cookie: admin } });
      expect(response.statusCode, path).toBe(200);
      const type = String(response.headers['content-type']).split(';')[0];
      const content = operationAt('get', path).responses['200']!.content as Record<
        string,
        { example: string }
      >;
      expect(Object.keys(content), path).toContain(type);
      const header = response.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0];
      expect(header, path).toBe(content[type!]!.example);
    }
  });

  it('answers invoices and certificates as PDF and credentials as VC-JWT, as documented', async () => {
    const first = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(response.statusCode, url).toBe(200);
      const id = (response.json() as { data: Array<{ id: string }> }).data[0]?.id;
      expect(id, `${url} lists a record`).toBeDefined();
      return id!;
    };
    const invoice = await first('/api/v1/invoices');
    const certificate = await first('/api/v1/certificates');
    for (const [path, url] of [
      ['/api/v1/invoices/{invoice}/pdf', `/api/v1/invoices/${invoice}/pdf`],
      ['/api/v1/certificates/{certificate}/pdf', `/api/v1/certificates/${certificate}/pdf`],
      ['/api/v1/certificates/{certificate}/credential', `/api/v1/certificates/${certificate}/credential`],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(response.statusCode, url).toBe(200);
      expect(mediaTypes('get', path), url).toEqual([String(response.headers['content-type']).split(';')[0]]);
    }
  });
});
