import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePatternOf, sendPageView } from './page-views';

describe('page views', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names a page by its route pattern, never by the ids in its address', () => {
    expect(routePatternOf('/admin/analytics')).toBe('/admin/analytics');
    expect(routePatternOf('/admin/courses/create')).toBe('/admin/courses/create');
    expect(routePatternOf('/admin/courses/42')).not.toContain('42');
    expect(routePatternOf('/nowhere/17/else')).toBe('/nowhere/:id/else');
  });

  it('sends the route to our own host with keepalive, and drops a failure', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new Error('offline'));
    vi.stubGlobal('fetch', fetchMock);
    sendPageView('/courses/:courseId');
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/analytics/events',
      expect.objectContaining({
        method: 'POST',
        keepalive: true,
        body: JSON.stringify({ name: 'pageview', route: '/courses/:courseId' }),
      }),
    );
  });
});
