import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config';
import { createTestApp, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';

describe('LEERPAD_TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['off', false],
    ['0', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
    ['loopback', ['loopback']],
    ['yes please', null],
    ['10.0.0.1; rm -rf', null],
  ])('reads %j as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });
});

describe('the client address behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1, loginFailuresPerIp: 3, loginFailuresPerAccount: 1000 });
  });
  afterAll(() => t.close());

  const failFrom = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      headers: { ...XHR, host: 'localhost', 'x-forwarded-for': forwardedFor },
      payload: { email: `nobody${Math.random()}@leerpad.test`, password: 'wrong password' },
    });

  it('is the right-most address the proxy saw, so a forged X-Forwarded-For does not reset the sign-in limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await failFrom(`198.51.100.${attempt}, 203.0.113.7`)).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    // Another client behind the same proxy is not blocked.
    expect((await failFrom('203.0.113.8')).statusCode).toBe(422);
  });
});
