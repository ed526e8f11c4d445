import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { until } from '../test/wait';
import { parseSentryDsn, scrubEmails } from './error-reports';

/** A stand-in collector: keeps every envelope it is sent, with the path and auth header. */
interface Received {
  path: string;
  auth: string;
  body: string;
}
const received: Received[] = [];
const collector = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      path: request.url ?? '',
      auth: String(request.headers['x-sentry-auth'] ?? ''),
      body: Buffer.concat(chunks).toString('utf8'),
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  t = await createTestApp({ errorReportsDsn: `http://publickey@127.0.0.1:${port}/42` });
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
  await new Promise((resolve) => collector.close(resolve));
});

const eventOf = (envelope: Received) => {
  const [header, item, event] = envelope.body.trim().split('\n');
  return { header: JSON.parse(header!), item: JSON.parse(item!), event: JSON.parse(event!) };
};

describe('error reports', () => {
  it('reads a Sentry DSN into the envelope address', () => {
    expect(parseSentryDsn('https://abc@o1.ingest.example.com/7')?.envelopeUrl).toBe(
      'https://o1.ingest.example.com/api/7/envelope/',
    );
    expect(parseSentryDsn('https://abc@sentry.example.com/path/7')?.envelopeUrl).toBe(
      'https://sentry.example.com/path/api/7/envelope/',
    );
    expect(parseSentryDsn('not a dsn')).toBeNull();
    expect(parseSentryDsn('https://sentry.example.com/7')).toBeNull();
    expect(scrubEmails('failed for jan.de.vries@example.nl today')).toBe('failed for [email] today');
  });

  it('sends a server exception with the account id and no e-mail address', async () => {
    const admin = await t.login('admin@leerpad.test');
    const adminId = await t.accountId('admin@leerpad.test');
    // A table the route reads is gone: an unexpected failure, a 500.
    await sql`alter table announcements rename to announcements_gone`.execute(t.services.db);
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/announcements',
        headers: { ...XHR, host: 'localhost', cookie: admin },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await sql`alter table announcements_gone rename to announcements`.execute(t.services.db);
    }
    await until(() => received.length > 0);
    await t.services.errorReports.flush();
    const envelope = received.at(-1)!;
    expect(envelope.path).toBe('/api/42/envelope/');
    expect(envelope.auth).toContain('sentry_key=publickey');
    const { item, event } = eventOf(envelope);
    expect(item.type).toBe('event');
    expect(event.user).toEqual({ id: String(adminId) });
    expect(event.level).toBe('error');
    expect(event.transaction).toBe('/api/v1/announcements');
    expect(event.exception.values[0].value).toMatch(/announcements/);
    expect(envelope.body).not.toMatch(/@leerpad\.test/);
  });

  it('forwards a page error as reported by the web app, e-mail addresses cut', async () => {
    const before = received.length;
    const student = await t.login('student@leerpad.test');
    const studentId = await t.accountId('student@leerpad.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client_errors',
      headers: { ...XHR, host: 'localhost', cookie: student },
      remoteAddress: '10.9.0.1',
      payload: {
        message: 'GET /v1/accounts/7 answered 500 for student@leerpad.test',
        url: 'http://localhost/courses/12/lessons/3',
        severity: 'critical',
      },
    });
    expect(response.statusCode).toBe(201);
    await until(() => received.length > before);
    const envelope = received.at(-1)!;
    const { event } = eventOf(envelope);
    expect(event.level).toBe('fatal');
    expect(event.platform).toBe('javascript');
    expect(event.user).toEqual({ id: String(studentId) });
    expect(event.transaction).toBe('/courses/:id/lessons/:id');
    expect(event.exception.values[0].value).toBe('GET /v1/accounts/7 answered 500 for [email]');
    expect(envelope.body).not.toMatch(/@leerpad\.test/);
  });

  it('sends nothing without a DSN', async () => {
    const before = received.length;
    expect(off.services.errorReports.enabled).toBe(false);
    const response = await off.app.inject({
      method: 'POST',
      url: '/api/v1/client_errors',
      headers: { ...XHR, host: 'localhost' },
      remoteAddress: '10.9.0.2',
      payload: { message: 'boom', severity: 'critical' },
    });
    expect(response.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.length).toBe(before);
  });
});
