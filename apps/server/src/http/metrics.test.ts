import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-the-test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('needs the bearer token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-no')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('counts requests per route pattern with their latency, and shows the pool and the job queue', async () => {
    const cookie = await t.login('student@leerpad.test');
    for (let n = 0; n < 3; n += 1) {
      await t.app.inject({ url: '/api/v1/me', headers: { cookie, host: 'localhost' } });
    }
    const notification = await t.app.inject({
      url: '/api/v1/accounts/7654321/notifications',
      headers: { cookie, host: 'localhost' },
    });
    expect(notification.statusCode).toBeGreaterThanOrEqual(400);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(
      /leerpad_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/me",status="200"\} 3/,
    );
    // The pattern, not the address with its id.
    expect(text).toContain('route="/api/v1/accounts/:account/notifications"');
    expect(text).not.toContain('7654321');
    expect(text).toMatch(/leerpad_job_queue_depth \d+/);
    // The sign-in above checked a password against its argon2 hash.
    expect(text).toMatch(/leerpad_password_check_seconds_count [1-9]\d*/);
    if (TEST_DATABASE === 'postgres')
      expect(text).toMatch(/leerpad_db_pool_connections\{state="total"\} \d+/);
  });

  it('does not exist without a token', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.body).not.toContain('leerpad_http_request_duration_seconds');
    } finally {
      await plain.close();
    }
  });
});
