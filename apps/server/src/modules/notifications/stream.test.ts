import type { AddressInfo } from 'node:net';
import { renderMessage } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream';
import type { EventStreamReader } from '../../test/event-stream';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { notify } from './service';
import { STREAMS_PER_ACCOUNT } from './stream';

let t: TestApp;
let origin: string;
let student: string;
let studentId: number;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://localhost:${(t.app.server.address() as AddressInfo).port}`;
  student = await t.login('student@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
}, 60_000);

afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

async function stream(cookie: string, headers: Record<string, string> = {}) {
  const reader = await openEventStream(`${origin}/api/v1/notifications/stream`, { cookie, ...headers });
  open.push(reader);
  return reader;
}

const portal = async () => (await t.services.portals.findByDomain('localhost'))!.id;

async function notifyStudent(title: string) {
  return notify(t.services.db, {
    scope: await portal(),
    accountId: studentId,
    key: 'answer_approved',
    params: { title },
    link: '/courses',
  });
}

describe('the notification stream', () => {
  it('pushes a new notification within a second, in the reader’s language, with the unread count', async () => {
    const reader = await stream(student);
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(reader.headers.get('x-accel-buffering')).toBe('no');
    expect(reader.headers.get('content-encoding')).toBeNull();
    const ready = JSON.parse((await reader.next('ready')).data);
    const id = await notifyStudent('Live 1');
    const event = await reader.next('notification', 1_000);
    expect(event.id).toBe(String(id));
    expect(JSON.parse(event.data)).toMatchObject({
      id: String(id),
      unread: ready.unread + 1,
      // Leerpad Academy reads Dutch.
      message: renderMessage('answer_approved', { title: 'Live 1' }, 'nl'),
      link: '/courses',
    });
    reader.close();
  });

  it('never announces a notification whose transaction rolled back', async () => {
    const reader = await stream(student);
    await reader.next('ready');
    const scope = await portal();
    await expect(
      t.services.db.transaction().execute(async (trx) => {
        await notify(trx, {
          scope,
          accountId: studentId,
          key: 'answer_approved',
          params: { title: 'Rolled back' },
        });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const id = await notifyStudent('After the rollback');
    const event = await reader.next('notification', 1_000);
    expect(event.id).toBe(String(id));
    expect(reader.text()).not.toContain('Rolled back');
    reader.close();
  });

  it('replays the notifications newer than Last-Event-ID first, oldest first', async () => {
    const seen = await notifyStudent('Seen');
    const missedA = await notifyStudent('Missed A');
    const missedB = await notifyStudent('Missed B');
    const reader = await stream(student, { 'last-event-id': String(seen) });
    expect((await reader.next('notification', 1_000)).id).toBe(String(missedA));
    expect((await reader.next('notification', 1_000)).id).toBe(String(missedB));
    reader.close();
  });

  it('gives the same events as one JSON document to a client that does not ask for a stream', async () => {
    const seen = await notifyStudent('Seen again');
    const missed = await notifyStudent('Missed again');
    const response = await t.app.inject({
      url: '/api/v1/notifications/stream',
      headers: { host: 'localhost', cookie: student, 'last-event-id': String(seen) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta.events.map((event: { id: string }) => event.id)).toEqual([String(missed)]);
  });

  it(`refuses a stream beyond ${STREAMS_PER_ACCOUNT} per account with a clear error`, async () => {
    const coach = await t.login('coach@leerpad.test');
    const readers: EventStreamReader[] = [];
    for (let index = 0; index < STREAMS_PER_ACCOUNT; index += 1) {
      const reader = await stream(coach);
      await reader.next('ready');
      readers.push(reader);
    }
    const refused = await fetch(`${origin}/api/v1/notifications/stream`, {
      headers: { accept: 'text/event-stream', cookie: coach },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
      'TOO_MANY_STREAMS',
    );
    readers[0]!.close();
    // Once one closes, there is room again.
    await expect
      .poll(async () => {
        const reader = await stream(coach);
        reader.close();
        return reader.status;
      })
      .toBe(200);
    for (const reader of readers) reader.close();
  });

  it('asks for a session', async () => {
    const response = await fetch(`${origin}/api/v1/notifications/stream`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(response.status).toBe(401);
  });

  it('ends open streams when the app closes, without hanging', async () => {
    const other = await createTestApp();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (other.app.server.address() as AddressInfo).port;
    const cookie = await other.login('student@leerpad.test');
    const reader = await openEventStream(`http://localhost:${port}/api/v1/notifications/stream`, { cookie });
    await reader.next('ready');
    await other.close();
    expect(await reader.arrives('never', 1_000)).toBe(false);
  });
});
