import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, getTotals, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../modules/index';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { buildOpenApiDocument } from './openapi';

const document = buildOpenApiDocument(allRoutes);
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 for swagger-parser', async () => {
    // swagger-parser dereferences what it is given; it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(document.openapi).toBe('3.1.0');
  });

  it("has no error under redocly's recommended rules", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(getTotals(problems).errors).toBe(0);
  });

  it('documents every route: operationId, tags, security, success schema and error answers', () => {
    expect(operations).toHaveLength(allRoutes.length);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags.length, where).toBeGreaterThan(0);
      expect(operation.security, where).toBeDefined();
      const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [, response] of success) {
        const content = response.content as Record<string, { schema?: unknown }>;
        expect(Object.keys(content).length, where).toBeGreaterThan(0);
      }
      expect(operation.responses.default, where).toBeDefined();
    }
  });

  it('asks for the session cookie everywhere except on public routes', () => {
    const login = document.paths['/api/auth/login']?.post;
    expect(login?.security).toEqual([]);
    expect(login?.responses['401']).toBeUndefined();
    const courses = document.paths['/api/v1/courses']?.get;
    expect(courses?.security).toEqual([{ session: [] }]);
    expect(courses?.operationId).toBe('getCourses');
    expect(Object.keys(courses?.responses ?? {})).toEqual(['200', '400', '401', 'default']);
    expect(document.paths['/api/v1/courses/{course}/outline']?.patch?.operationId).toBe(
      'patchCoursesByCourseOutline',
    );
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
  beforeAll(async () => {
    t = await createTestApp();
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
});
