import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let student: string;
let studentId: number;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.login('student@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
});
afterAll(() => t.close());

const get = (url: string, cookie: string, host = 'localhost') =>
  t.app.inject({ url, headers: { cookie, host } });
const patch = (url: string, cookie: string, payload: object, method: 'PATCH' | 'PUT' = 'PATCH') =>
  t.app.inject({ method, url, headers: { ...XHR, cookie, host: 'localhost' }, payload });

describe('notifications list', () => {
  it('pages newest first with total and last page', async () => {
    const first = (await get(`/api/v1/accounts/${studentId}/notifications?page[size]=25`, student)).json();
    expect(first.data).toHaveLength(25);
    expect(first.meta).toMatchObject({ total: 320, last_page: 13, unread: 42 });
    const dates = first.data.map((n: { attributes: { received_at: string } }) => n.attributes.received_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = (
      await get(`/api/v1/accounts/${studentId}/notifications?page[size]=25&page[number]=13`, student)
    ).json();
    expect(last.data).toHaveLength(320 - 12 * 25);
  });

  it('filters to unread and tells which links the account may open', async () => {
    const body = (
      await get(`/api/v1/accounts/${studentId}/notifications?filter[status]=unread&page[size]=50`, student)
    ).json();
    expect(body.meta.total).toBe(42);
    expect(body.data.every((n: { attributes: { status: string } }) => n.attributes.status === 'unread')).toBe(
      true,
    );
    const adminLink = body.data.find(
      (n: { attributes: { link: string } }) => n.attributes.link === '/admin/courses',
    );
    expect(adminLink.meta.abilities.open).toBe(false);
    const catalogLink = body.data.find(
      (n: { attributes: { link: string } }) => n.attributes.link === '/catalog',
    );
    expect(catalogLink.meta.abilities.open).toBe(true);
  });

  it('rejects a page size above 100 and a bad page number with a pointer to the parameter', async () => {
    const big = await get(`/api/v1/accounts/${studentId}/notifications?page[size]=1000`, student);
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0].source.parameter).toBe('page[size]');
    const bad = await get(`/api/v1/accounts/${studentId}/notifications?page[number]=abc`, student);
    expect(bad.statusCode).toBe(400);
  });
});

describe('reading notifications', () => {
  it('marks one read and back unread, keeping the unread count right', async () => {
    const [first] = (
      await get(`/api/v1/accounts/${studentId}/notifications?filter[status]=unread`, student)
    ).json().data;
    const readAt = new Date().toISOString();
    const read = await patch(`/api/v1/accounts/${studentId}/notifications/${first.id}`, student, {
      read_at: readAt,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.attributes.status).toBe('read');
    // Reading twice does not count twice.
    await patch(
      `/api/v1/accounts/${studentId}/notifications/${first.id}`,
      student,
      { read_at: readAt },
      'PUT',
    );
    let meta = (
      await get(`/api/v1/accounts/${studentId}/notifications?filter[status]=unread`, student)
    ).json().meta;
    expect(meta.total).toBe(41);
    await patch(`/api/v1/accounts/${studentId}/notifications/${first.id}`, student, { read_at: null });
    meta = (await get(`/api/v1/accounts/${studentId}/notifications?filter[status]=unread`, student)).json()
      .meta;
    expect(meta.total).toBe(42);
  });

  it('refuses a read_at that is not a date, pointing at it', async () => {
    const response = await patch(`/api/v1/accounts/${studentId}/notifications/1`, student, {
      data: { type: 'notifications', id: '1', attributes: { read_at: 'yesterday' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe('/data/attributes/read_at');
  });

  it('marks all read, after which the badge shows none', async () => {
    const response = await patch(`/api/v1/accounts/${studentId}/notifications`, student, {
      operation: 'mark_all_as_read',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({ updated: 42, unread: 0 });
    const me = (await get('/api/v1/me', student)).json();
    expect(me.meta.unread_notifications).toBe(0);
    const unknown = await patch(`/api/v1/accounts/${studentId}/notifications`, student, {
      operation: 'delete_everything',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].source.pointer).toBe('/operation');
  });
});

describe('notification privacy', () => {
  it("hides another account's notifications from a student, but not from the portal's staff", async () => {
    const coach = await t.login('coach@leerpad.test');
    expect((await get(`/api/v1/accounts/${studentId}/notifications`, coach)).statusCode).toBe(404);
    const admin = await t.login('admin@leerpad.test');
    expect((await get(`/api/v1/accounts/${studentId}/notifications`, admin)).statusCode).toBe(200);
  });

  it("never shows one portal's notifications to another portal's account", async () => {
    const second = await t.login('second-student@leerpad.test', SECOND_HOST);
    const onSecond = await get(`/api/v1/accounts/${studentId}/notifications`, second, SECOND_HOST);
    expect(onSecond.statusCode).toBe(404);
    // The second portal's session is not valid on the academy's host.
    const onAcademy = await get(`/api/v1/accounts/${studentId}/notifications`, second, 'localhost');
    expect(onAcademy.statusCode).toBe(401);
  });
});
