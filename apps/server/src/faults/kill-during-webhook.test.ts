import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DATABASE } from '../test/test-app';
import { eventually, signIn, startServer, XHR } from './server-process';
import type { ServerProcess } from './server-process';

/**
 * kill -9 while a webhook delivery waits for its receiver: after a restart the same delivery (same
 * X-Leerpad-Delivery id) is sent again within seconds, not after pg-boss's default 15 minutes.
 */
const PORT = TEST_DATABASE === 'postgres' ? 4417 : 4416;
const RECEIVER_PORT = TEST_DATABASE === 'postgres' ? 4412 : 4409;
const folder = mkdtempSync(join(tmpdir(), 'leerpad-fault-webhook-'));
let databaseUrl = `sqlite:${join(folder, 'leerpad.sqlite')}`;
let drop: () => Promise<void> = async () => undefined;
let server: ServerProcess | null = null;
const received: Array<{ delivery: string; at: number }> = [];
const held: ServerResponse[] = [];
// The first delivery is held open (the receiver is slow), every later one answered at once.
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received.push({ delivery: String(request.headers['x-leerpad-delivery']), at: Date.now() });
    if (received.length === 1) held.push(response);
    else response.writeHead(200).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  if (TEST_DATABASE === 'postgres') {
    const database = await createPostgresDatabase();
    databaseUrl = database.url;
    drop = database.drop;
  }
}, 60_000);
afterAll(async () => {
  await server?.kill();
  for (const response of held) response.destroy();
  await new Promise((resolve) => receiver.close(resolve));
  await drop();
}, 60_000);

describe(`kill -9 during a webhook delivery (${TEST_DATABASE})`, () => {
  it('sends the same delivery again soon after a restart', async () => {
    const env = { LEERPAD_WEBHOOK_RETRY_SECONDS: '1' };
    server = startServer({ port: PORT, databaseUrl, dataDir: folder, env });
    await server.ready;
    const admin = await signIn(server.base, 'admin@leerpad.test');
    const post = (path: string, body: unknown) =>
      fetch(`${server!.base}${path}`, {
        method: 'POST',
        headers: { ...XHR, cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const hook = await post('/api/v1/webhooks', {
      url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`,
      events: ['account.created'],
    });
    expect(hook.status).toBe(201);
    const created = await post('/api/v1/accounts', {
      full_name: 'Killed Delivery',
      email_address: 'killed-delivery@leerpad.test',
      roles: ['student'],
    });
    expect(created.status).toBe(201);
    await eventually(() => received.length === 1, 30_000, 'the first delivery attempt');
    await server.kill('SIGKILL');

    const restarted = Date.now();
    server = startServer({ port: PORT, databaseUrl, dataDir: folder, env });
    await server.ready;
    await eventually(() => received.length >= 2, 90_000, 'the delivery to be sent again', 100);
    const again = received[1]!;
    expect(again.delivery).toBe(received[0]!.delivery);
    const seconds = ((again.at - restarted) / 1000).toFixed(1);
    process.stdout.write(
      `[faults] ${TEST_DATABASE}: a webhook delivery killed mid-way was sent again ${seconds} s after the restart\n`,
    );
    expect(again.at - restarted).toBeLessThan(60_000);
  }, 180_000);
});
