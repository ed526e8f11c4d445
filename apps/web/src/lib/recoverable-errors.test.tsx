import { act, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/render';
import { reportRecoverableError } from './recoverable-errors';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let throws = 0;
/** Throws on its first render only: React's synchronous second try then succeeds. */
function CourseCard() {
  if (throws > 0) {
    throws -= 1;
    throw new TypeError("Cannot read properties of undefined (reading 'title')");
  }
  return <h2>Course card</h2>;
}

describe('a render that failed and was tried again', () => {
  it('shows the page, and names the cause and the component in the console and to the server', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = mockApi(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/v1/client_errors'
        ? { status: 201, body: { data: { type: 'client_errors', id: 'r-1' } } }
        : undefined,
    );
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container, { onRecoverableError: reportRecoverableError });
    throws = 1;
    // A transition (as the app's first render and its navigations are): React tries again at once.
    await act(async () => startTransition(() => root.render(<CourseCard />)));

    expect(container).toHaveTextContent('Course card');
    expect(logged).toHaveBeenCalledWith(
      "A render failed and was tried again: Cannot read properties of undefined (reading 'title')",
      expect.any(TypeError),
      expect.stringContaining('CourseCard'),
    );
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/v1/client_errors')).toBe(true),
    );
    const report = calls.find((call) => call.url.pathname === '/api/v1/client_errors');
    expect(report?.body).toMatchObject({
      message: "Cannot read properties of undefined (reading 'title')",
      stack: expect.stringContaining('CourseCard'),
    });
    act(() => root.unmount());
  });
});
