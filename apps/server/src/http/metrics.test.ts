import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DATABASE } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { learningObjectId, requests } from '../test/requests';
import { ACADEMY_OBJECTS } from '../db/seed/academy-titles';

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

  it('answers while the database cannot say which portal an address is (an outage is when they matter)', async () => {
    const lookup = vi
      .spyOn(t.services.portals, 'findByDomain')
      .mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    try {
      const answer = await scrape(`Bearer ${TOKEN}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('leerpad_http_request_duration_seconds');
      // A page on the same address still needs its portal, and says the service is unavailable.
      expect((await t.app.inject({ url: '/catalog' })).statusCode).toBe(503);
    } finally {
      lookup.mockRestore();
    }
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

  it('times quiz answer saves and counts the running attempts', async () => {
    const r = requests(t);
    const cookie = await t.login('student@leerpad.test');
    const quiz = await learningObjectId(t, ACADEMY_OBJECTS.quiz);
    const attempt = (await r.post(`/api/v1/learning_objects/${quiz}/quiz_attempts`, cookie)).body.data;
    const question = attempt.attributes.questions[0];
    const saved = await r.put(`/api/v1/quiz_attempts/${attempt.id}/answers/${question.id}`, cookie, {
      option_ids: question.type === 'open_answer' ? [] : [question.options[0].id],
      text: question.type === 'open_answer' ? 'an answer' : null,
    });
    expect(saved.status).toBe(200);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/leerpad_quiz_answer_seconds_count\{status="200"\} 1/);
    expect(text).toMatch(/leerpad_quiz_attempts_active [1-9]\d*/);
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
