/**
 * Error reports from the web app (decision 072): a server whose Sentry DSN points at a collector
 * this test serves. A student's page meets an API answer of kind "other"; the page reports it as
 * critical (SPEC §8), and the collector receives an event from the web naming the student by account
 * id, with their e-mail address nowhere in it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, PASSWORD, XHR, expect, test, freePort } from './fixtures';

const SERVER_DIST = fileURLToPath(new URL('../../apps/server/dist', import.meta.url));

interface Envelope {
  path: string;
  auth: string | undefined;
  text: string;
  event: {
    platform: string;
    level: string;
    user?: { id: string };
    tags: Record<string, string>;
    exception: { values: Array<{ type: string; value: string }> };
  };
}

/** A Sentry-compatible collector: it keeps each envelope posted to it. */
async function startCollector(): Promise<{ server: Server; port: number; envelopes: Envelope[] }> {
  const envelopes: Envelope[] = [];
  const server = createHttpServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const [, , event] = text.split('\n');
      envelopes.push({
        path: request.url ?? '',
        auth: request.headers['x-sentry-auth'] as string | undefined,
        text,
        event: JSON.parse(event ?? '{}') as Envelope['event'],
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, envelopes };
}

// The browser logs the failed answer the test makes up.
test.use({ allowConsoleErrors: ['status of 500'] });

test('a page meeting an unexpected API error reports it to the collector by account id, without the e-mail address', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const folder = mkdtempSync(join(tmpdir(), 'leerpad-error-reports-'));
  const collector = await startCollector();
  let server: ChildProcess | undefined;
  try {
    // A demo installation of its own, reporting to the collector.
    const port = await freePort();
    let output = '';
    server = spawn(process.execPath, [join(SERVER_DIST, 'main.js'), '--demo'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: `sqlite:${join(folder, 'demo.sqlite')}`,
        LEERPAD_DATA_DIR: join(folder, 'data'),
        LEERPAD_STORAGE_URL: '',
        LEERPAD_SENTRY_DSN: `http://public-key@127.0.0.1:${collector.port}/7`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://localhost:${port}`;
    await expect
      .poll(
        async () => {
          if (server!.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
          return fetch(`${url}/api/ping`).then(
            (response) => response.ok,
            () => false,
          );
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(true);

    // The student signs in; the next thing the page asks of the API fails with a 500 whose text
    // names them by e-mail address, as an unexpected server error might.
    const login = await page.request.post(`${url}/api/auth/login`, {
      headers: XHR,
      data: { email: ACCOUNTS.student, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    const accountId = ((await login.json()) as { data: { id: string } }).data.id;
    let failed = '';
    await page.route(
      (address) => address.pathname.startsWith('/api/v1/') && !address.pathname.includes('client_errors'),
      async (route) => {
        if (failed || route.request().method() !== 'GET') return route.continue();
        failed = new URL(route.request().url()).pathname;
        await route.fulfill({
          status: 500,
          contentType: 'application/vnd.api+json',
          body: JSON.stringify({
            errors: [
              {
                status: '500',
                code: 'INTERNAL_ERROR',
                title: 'Internal error',
                detail: `Could not load the data of ${ACCOUNTS.student}.`,
              },
            ],
          }),
        });
      },
    );
    await page.goto(`${url}/`);

    // The collector receives the page's report: from the web, critical, by account id.
    await expect
      .poll(() => collector.envelopes.filter((envelope) => envelope.event.tags?.source === 'web').length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(failed).not.toBe('');
    const envelope = collector.envelopes.find((candidate) => candidate.event.tags?.source === 'web')!;
    expect(envelope.path).toBe('/api/7/envelope/');
    expect(envelope.auth).toContain('sentry_key=public-key');
    expect(envelope.event.platform).toBe('javascript');
    expect(envelope.event.level).toBe('fatal');
    expect(envelope.event.user).toEqual({ id: accountId });
    expect(envelope.event.exception.values[0]!.value).toContain(`GET ${failed.replace(/^\/api/, '')}`);
    expect(envelope.event.exception.values[0]!.value).toContain('[email]');
    expect(envelope.text).not.toContain(ACCOUNTS.student);
    expect(envelope.text).not.toContain('@leerpad.test');
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // The page leaves before its server stops, so no request of it meets a closed port.
    await page.goto('about:blank').catch(() => undefined);
    if (server && server.exitCode === null) {
      const stopped = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([stopped, new Promise((done) => setTimeout(done, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    collector.server.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
