import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Busy } from '../../domain/errors';
import { fromDomainError } from '../../http/errors';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { SignInQueue } from './sign-in-queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A sign-in's work that finishes when the test says so, and tells when it started. */
function heldWork() {
  let release = () => {};
  let started = false;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    work: async () => {
      started = true;
      await done;
      return 'signed in';
    },
    release: () => release(),
    started: () => started,
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sign-ins taking turns', () => {
  it('runs two at once and lets the others wait their turn, in order', async () => {
    const queue = new SignInQueue({ atOnce: 2, maxWaitMs: 10_000, maxWaiting: 10 });
    const sign = [heldWork(), heldWork(), heldWork(), heldWork()];
    const results = sign.map((one) => queue.run(t.services.db, false, one.work));
    await turn();
    expect(sign.map((one) => one.started())).toEqual([true, true, false, false]);
    expect(queue.waiting).toBe(2);
    sign[1]!.release();
    await results[1];
    await turn();
    expect(sign.map((one) => one.started())).toEqual([true, true, true, false]);
    for (const one of sign) one.release();
    expect(await Promise.all(results)).toEqual(['signed in', 'signed in', 'signed in', 'signed in']);
  });

  it('refuses a new sign-in at once, before any work, when its turn would come too late, and says when to come back', async () => {
    // Before any sign-in has finished the queue reckons with 50 ms each: two waiting is 100 ms.
    const queue = new SignInQueue({ atOnce: 1, maxWaitMs: 99, maxWaiting: 100 });
    const admitted = [heldWork(), heldWork(), heldWork()];
    const results = [queue.run(t.services.db, false, admitted[0]!.work)];
    await turn();
    results.push(...admitted.slice(1).map((one) => queue.run(t.services.db, false, one.work)));
    expect(queue.waiting).toBe(2);
    const refused = heldWork();
    let error: unknown;
    try {
      await queue.run(t.services.db, false, refused.work);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(Busy);
    expect(refused.started()).toBe(false);
    const answer = fromDomainError(error as Busy);
    expect(answer.status).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(answer.errors[0]?.code).toBe('SIGN_IN_BUSY');
    for (const one of admitted) one.release();
    await Promise.all(results);
    // Once the queue has room again, the next one is let in.
    const later = heldWork();
    const result = queue.run(t.services.db, false, later.work);
    later.release();
    expect(await result).toBe('signed in');
  });

  it('signs in many students at once, each with a session of their own', async () => {
    const sign = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...XHR, host: 'localhost' },
        payload: { email: 'student@leerpad.test', password: 'leerpad-demo' },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, sign));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const cookies = new Set(
      answers.map((answer) => answer.cookies.find((c) => c.name === 'leerpad_session')?.value),
    );
    expect(cookies.size).toBe(8);
    for (const cookie of cookies) {
      const me = await t.app.inject({
        url: '/api/v1/me',
        headers: { ...XHR, host: 'localhost', cookie: `leerpad_session=${cookie}` },
      });
      expect(me.statusCode).toBe(200);
    }
  });
});
