import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_REPORTS_PER_WINDOW } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (payload: unknown, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/client_errors',
    headers: { ...XHR, host: 'localhost' },
    remoteAddress,
    payload: payload as object,
  });

describe('client error reports', () => {
  it('logs a report at error level under the id it answers, for anyone', async () => {
    const logged = vi.spyOn(t.app.log, 'error');
    const response = await report(
      { message: 'Cannot read properties of undefined', stack: 'at Page', url: 'http://localhost/courses/1' },
      '10.0.0.1',
    );
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ clientErrorId: id, url: 'http://localhost/courses/1', stack: 'at Page' }),
      expect.stringContaining('Cannot read properties of undefined'),
    );
    logged.mockRestore();
  });

  it('logs an API error of kind "other" as critical, at the highest level', async () => {
    const fatal = vi.spyOn(t.app.log, 'fatal');
    const response = await report(
      {
        message: 'POST /v1/orders answered 500 INTERNAL',
        url: 'http://localhost/admin',
        severity: 'critical',
      },
      '10.0.0.5',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes.severity).toBe('critical');
    expect(fatal).toHaveBeenCalledWith(
      expect.objectContaining({ clientErrorId: response.json().data.id, severity: 'critical' }),
      expect.stringContaining('POST /v1/orders answered 500'),
    );
    fatal.mockRestore();
    const unknown = await report({ message: 'x', severity: 'catastrophic' }, '10.0.0.5');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].source.pointer).toBe('/severity');
  });

  it('refuses a report without a message, or with one over the cap, on the field', async () => {
    const empty = await report({ stack: 'at Page' }, '10.0.0.2');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].source.pointer).toBe('/message');
    const long = await report({ message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) }, '10.0.0.2');
    expect(long.statusCode).toBe(422);
  });

  it('stops taking reports from one address after the limit, while others still get through', async () => {
    for (let index = 0; index < CLIENT_ERROR_REPORTS_PER_WINDOW; index++) {
      expect((await report({ message: `Failure ${index}` }, '10.0.0.3')).statusCode).toBe(201);
    }
    const refused = await report({ message: 'One more' }, '10.0.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('TOO_MANY_ATTEMPTS');
    expect((await report({ message: 'Elsewhere' }, '10.0.0.4')).statusCode).toBe(201);
  });
});
