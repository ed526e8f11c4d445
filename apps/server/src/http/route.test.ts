import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../modules/index';
import type { Services } from '../context/services';
import { z } from 'zod';
import { defineRoute, registerRoutes } from './route';
import type { RouteDefinition, RouteSummary } from './route';

const route = (permission: unknown): RouteDefinition =>
  ({
    method: 'GET',
    url: '/v1/widgets',
    summary: 'Widgets',
    tags: ['widgets'],
    ...(permission === undefined ? {} : { permission }),
    handler: async () => null,
  }) as unknown as RouteDefinition;

const start = (definitions: RouteDefinition[]) =>
  registerRoutes(Fastify(), {} as Services, definitions, [] as RouteSummary[]);

describe('declared permissions', () => {
  it('refuses to start when a route declares no permission, naming the route', () => {
    expect(() => start([route(undefined)])).toThrow(
      'Route GET /v1/widgets declares no permission; refusing to start.',
    );
  });

  it('refuses to start when a route names a permission that does not exist', () => {
    expect(() => start([route('manage:widgets')])).toThrow(
      'Route GET /v1/widgets declares the unknown permission "manage:widgets"; refusing to start.',
    );
    expect(() => start([route('account')])).toThrow(/unknown permission "account"/);
  });

  it('registers nothing when one route of many is undeclared', () => {
    const app = Fastify();
    const registry: RouteSummary[] = [];
    expect(() =>
      registerRoutes(app, {} as Services, [defineRoute({ ...route('public') }), route(undefined)], registry),
    ).toThrow();
    expect(registry).toEqual([]);
  });

  it('accepts every route the product ships', () => {
    const registry: RouteSummary[] = [];
    registerRoutes(Fastify(), {} as Services, allRoutes, registry);
    expect(registry).toHaveLength(allRoutes.length);
    expect(registry.every((summary) => summary.permission)).toBe(true);
  });
});

describe('declared query parameters', () => {
  it('refuses to start when a route reads include or sort without naming what it takes', () => {
    const reads = (query: z.ZodType) => ({ ...route('public'), query }) as RouteDefinition;
    expect(() => start([reads(z.object({ include: z.string().optional() }))])).toThrow(
      'Route GET /v1/widgets reads "include" without declaring its names with includeQuery(); refusing to start.',
    );
    expect(() => start([reads(z.object({ sort: z.string().optional() }))])).toThrow(/sortQuery\(\)/);
  });
});
