import {
  API_PATH,
  CATALOG_CATEGORIES_PATH,
  CONTENT_LABELS_PATH,
  catalogAddress,
  courseOverviewAddress,
  learningObjectAddress,
  notificationsAddress,
} from '@leerpad/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, mockApi } from '../../test/render';
import { catalogParamsFrom } from '../../features/learning/catalog-params';
import { catalogCategoriesQuery } from './catalog-categories';
import { contentLabelsQuery } from './content-labels';
import { catalogQuery, courseOverviewQuery } from './courses';
import { learningObjectQuery } from './learning-objects';
import { notificationsQuery } from './notifications';

afterEach(() => vi.unstubAllGlobals());

// The server answers these reads in the page by these addresses (apps/server/src/http/app-page.ts):
// a query that asked for anything else would find no answer there and make the round trip.
describe('the first reads the page carries', () => {
  it('are asked for by the course page at the address the server answers', async () => {
    const { calls } = mockApi(() => ({ body: { data: { type: 'courses', id: '12', attributes: {} } } }));
    await createTestQueryClient().fetchQuery(courseOverviewQuery('12'));
    expect(calls.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([courseOverviewAddress('12')]);
  });

  it('are asked for by the course player, for the object it opens, at the address the server answers', async () => {
    const { calls } = mockApi(() => ({
      body: { data: { type: 'learning_objects', id: '31', attributes: {} } },
    }));
    await createTestQueryClient().fetchQuery(learningObjectQuery('31'));
    expect(calls.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([learningObjectAddress('31')]);
  });

  it('are asked for by the notifications page at the address the server answers', async () => {
    const { calls } = mockApi(() => ({ body: { data: [], meta: { total: 0 } } }));
    await createTestQueryClient().fetchQuery(notificationsQuery('7', 1, 25));
    expect(calls.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([
      notificationsAddress('7', 1, 25),
    ]);
  });

  it('are asked for by the catalog, with its labels and categories, at the addresses the server answers', async () => {
    const { calls } = mockApi(() => ({ body: { data: [], meta: { total: 0 } } }));
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(catalogQuery(catalogParamsFrom(new URLSearchParams(''), true)));
    await queryClient.fetchQuery(contentLabelsQuery);
    await queryClient.fetchQuery(catalogCategoriesQuery);
    expect(calls.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([
      catalogAddress(1, 25),
      `${API_PATH}${CONTENT_LABELS_PATH}`,
      `${API_PATH}${CATALOG_CATEGORIES_PATH}`,
    ]);
  });
});
