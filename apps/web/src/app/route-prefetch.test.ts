import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseOverviewQuery } from '../lib/resources/courses';
import { notificationsQuery } from '../lib/resources/notifications';
import { createTestQueryClient, meFixture, mockApi, seedSession } from '../test/render';
import { prefetchRoute } from './route-prefetch';

afterEach(() => vi.unstubAllGlobals());

const apiCalls = (calls: Array<{ url: URL }>) =>
  calls.map((call) => decodeURIComponent(`${call.url.pathname}${call.url.search}`));

describe('route loaders', () => {
  it("start the course player's data with its code, under the key the page reads", async () => {
    const { calls } = mockApi(() => ({ body: { data: { type: 'courses', id: '7', attributes: {} } } }));
    const client = createTestQueryClient();
    seedSession(client, { me: meFixture() });
    await prefetchRoute(client, '/courses/7', '');
    expect(apiCalls(calls).filter((url) => url.startsWith('/api/v1/courses/'))).toEqual([
      '/api/v1/courses/7?include=catalog_category,content_labels,course_sections,enrollment,learning_object_progress,learning_objects',
    ]);
    await vi.waitFor(() =>
      expect(client.getQueryState(courseOverviewQuery('7').queryKey)?.status).toBe('success'),
    );
  });

  it('ask for the notifications page the address names', async () => {
    const { calls } = mockApi(() => ({ body: { data: [], meta: { total: 0 } } }));
    const client = createTestQueryClient();
    const me = meFixture();
    seedSession(client, { me });
    await prefetchRoute(client, '/notifications', '?page=2&size=50');
    expect(apiCalls(calls)).toContain(
      `/api/v1/accounts/${me.account.id}/notifications?page[number]=2&page[size]=50`,
    );
    expect(client.getQueryState(notificationsQuery(me.account.id, 2, 50).queryKey)).toBeDefined();
  });

  it('ask for nothing while nobody is signed in', async () => {
    const { calls } = mockApi(() => ({ body: {} }));
    const client = createTestQueryClient();
    seedSession(client);
    await prefetchRoute(client, '/courses/7', '');
    expect(calls).toHaveLength(0);
  });
});
