import { learningObjectAddress } from '@leerpad/core';
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

  it('read the object the player opens once the outline is in, and none for a student not enrolled', async () => {
    const outline = (enrolled: boolean) => ({
      data: {
        type: 'courses',
        id: '7',
        attributes: {},
        relationships: {
          course_sections: { data: [{ type: 'course_sections', id: '1' }] },
          enrollment: { data: enrolled ? { type: 'enrollments', id: '3' } : null },
        },
      },
      included: [
        {
          type: 'course_sections',
          id: '1',
          attributes: { position: 1 },
          relationships: {
            learning_objects: {
              data: [
                { type: 'learning_objects', id: '41' },
                { type: 'learning_objects', id: '42' },
              ],
            },
          },
        },
        { type: 'learning_objects', id: '41', attributes: { title: 'One' } },
        { type: 'learning_objects', id: '42', attributes: { title: 'Two' } },
        ...(enrolled ? [{ type: 'enrollments', id: '3', attributes: { status: 'active' } }] : []),
      ],
    });
    for (const enrolled of [true, false]) {
      const { calls } = mockApi(({ url }) =>
        url.pathname === '/api/v1/courses/7'
          ? { body: outline(enrolled) }
          : { body: { data: { type: 'learning_objects', id: '42', attributes: {} } } },
      );
      const client = createTestQueryClient();
      seedSession(client, { me: meFixture() });
      await prefetchRoute(client, '/courses/7', '?learning_object=42');
      await vi.waitFor(() =>
        expect(client.getQueryState(courseOverviewQuery('7').queryKey)?.status).toBe('success'),
      );
      const objects = () => apiCalls(calls).filter((url) => url.startsWith('/api/v1/learning_objects/'));
      if (enrolled) await vi.waitFor(() => expect(objects()).toEqual([learningObjectAddress('42')]));
      else {
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(objects()).toEqual([]);
      }
    }
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
