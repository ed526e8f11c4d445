import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { requests } from '../test/requests';
import { calendarDate, dateTime, dayOrDateTime } from './dates';

/**
 * Dates and integer filters answer the same on SQLite and PostgreSQL (this file runs on both): an
 * impossible date or a year outside 1900–9999 is refused on the attribute or the filter, never
 * rolled over or stored; an id beyond an integer column's range is a 400 naming the filter.
 */
describe('the date schemas', () => {
  it('take real days and moments, and normalise moments to UTC', () => {
    expect(calendarDate.parse('2032-02-29')).toBe('2032-02-29');
    expect(dateTime.parse('2031-03-01T09:30:00+02:00')).toBe('2031-03-01T07:30:00.000Z');
    expect(dateTime.parse('2031-03-01T09:30')).toBe('2031-03-01T09:30:00.000Z');
    expect(dayOrDateTime.parse('2031-03-01')).toBe('2031-03-01T00:00:00.000Z');
    expect(calendarDate.parse('1900-01-01')).toBe('1900-01-01');
    expect(calendarDate.parse('9999-12-31')).toBe('9999-12-31');
  });

  it('refuse impossible dates and years outside 1900–9999 instead of rolling them over', () => {
    for (const value of [
      '2031-02-29',
      '2031-04-31',
      '2031-13-01',
      '2031-00-10',
      '1899-12-31',
      '0000-01-01',
    ]) {
      expect(calendarDate.safeParse(value).success, value).toBe(false);
      expect(dayOrDateTime.safeParse(value).success, value).toBe(false);
    }
    for (const value of [
      '2031-02-29T10:00:00Z',
      '2031-01-01T24:00:00Z',
      '2031-01-01T10:60:00Z',
      '1899-12-31T23:59:59Z',
      '+010000-01-01T00:00:00Z',
      '9999-12-31T23:00:00-05:00',
      'next tuesday',
      '',
    ]) {
      expect(dateTime.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('dates in requests', () => {
  let t: TestApp;
  let r: ReturnType<typeof requests>;
  let admin: string;
  let coach: string;
  let student: string;
  let studentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    r = requests(t);
    admin = await t.login('admin@leerpad.test');
    coach = await t.login('coach@leerpad.test');
    student = await t.login('student@leerpad.test');
    studentId = await t.accountId('student@leerpad.test');
  }, 60_000);
  afterAll(() => t.close());

  it('refuses 29 February of a common year and years out of range with a 422 on the attribute', async () => {
    for (const [starts, pointer] of [
      ['2031-02-29T00:00:00Z', '/starts_at'],
      ['1899-06-01T00:00:00Z', '/starts_at'],
      ['10000-01-01T00:00:00Z', '/starts_at'],
    ] as const) {
      const { status, body } = await r.post('/api/v1/promotions', admin, {
        code: `LEAP${starts.slice(0, 4)}`,
        kind: 'percentage',
        value: 10,
        starts_at: starts,
      });
      expect(status, starts).toBe(422);
      expect(body.errors[0].source.pointer, starts).toBe(pointer);
      expect(body.errors[0].code, starts).toBe('INVALID_DATE');
    }
    const leap = await r.post('/api/v1/promotions', admin, {
      code: 'LEAP2032',
      kind: 'percentage',
      value: 10,
      starts_at: '2032-02-29T00:00:00Z',
    });
    expect(leap.status).toBe(201);
    expect(leap.body.data.attributes.starts_at).toBe('2032-02-29T00:00:00.000Z');
  });

  it('refuses impossible due dates and due moments', async () => {
    const list = await r.get('/api/v1/certifications', admin);
    const certification = list.body.data[0].id as string;
    const due = await r.post(`/api/v1/certifications/${certification}/assignments`, admin, {
      accounts: [studentId].map((id) => ({ type: 'accounts', id: String(id) })),
      due_date: '2031-02-29',
    });
    expect(due.status).toBe(422);
    expect(due.body.errors[0].source.pointer).toBe('/due_date');
    const followUp = await r.post('/api/v1/follow_ups', coach, {
      student: { type: 'accounts', id: String(studentId) },
      due_at: '2031-02-29T09:00:00Z',
      kind: 'call',
    });
    expect(followUp.status).toBe(422);
    expect(followUp.body.errors[0].source.pointer).toBe('/due_at');
    const notifications = await r.get(`/api/v1/accounts/${studentId}/notifications?page[size]=1`, student);
    const notification = notifications.body.data[0].id as string;
    const read = await r.patch(`/api/v1/accounts/${studentId}/notifications/${notification}`, student, {
      read_at: '0999-01-01T00:00:00Z',
    });
    expect(read.status).toBe(422);
    expect(read.body.errors[0].source.pointer).toBe('/read_at');
  });

  it('refuses impossible dates in filters with a 400 naming the filter', async () => {
    for (const url of [
      '/api/v1/orders?filter[from]=2031-02-29',
      '/api/v1/orders?filter[to]=1066-10-14',
      '/api/v1/audit_events?filter[from]=2031-02-30',
      '/api/v1/audit_events?filter[until]=99999-01-01',
    ]) {
      const { status, body } = await r.get(url, admin);
      expect(status, url).toBe(400);
      expect(body.errors[0].source.parameter, url).toBe(url.slice(url.indexOf('?') + 1, url.indexOf('=')));
    }
    expect((await r.get('/api/v1/orders?filter[from]=2032-02-29', admin)).status).toBe(200);
  });
});

describe('integer filters beyond an integer column', () => {
  let t: TestApp;
  let r: ReturnType<typeof requests>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    r = requests(t);
    admin = await t.login('admin@leerpad.test');
  }, 60_000);
  afterAll(() => t.close());

  it('are a 400 naming the filter, on every database', async () => {
    for (const url of [
      '/api/v1/courses?filter[category]=2147483648',
      '/api/v1/courses?filter[label]=9999999999',
      '/api/v1/enrollments?filter[course]=99999999999',
      '/api/v1/enrollments?filter[account]=-1',
      '/api/v1/answers?filter[course]=4294967296',
      '/api/v1/orders?filter[product]=9999999999',
      '/api/v1/agreement_acceptances?filter[version]=9999999999',
      '/api/v1/audit_events?filter[actor]=2147483648',
    ]) {
      const { status, body } = await r.get(url, admin);
      expect(status, url).toBe(400);
      expect(body.errors[0].source.parameter, url).toBe(url.slice(url.indexOf('?') + 1, url.indexOf('=')));
    }
  });

  it('keep the largest id an empty match, and a page far out an empty page', async () => {
    const largest = await r.get('/api/v1/courses?filter[category]=2147483647', admin);
    expect(largest.status).toBe(200);
    expect(largest.body.data).toEqual([]);
    const far = await r.get('/api/v1/courses?page[number]=1000000000&page[size]=100', admin);
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    expect(
      (await r.get('/api/v1/courses?page[number]=1000000001', admin)).body.errors[0].source.parameter,
    ).toBe('page[number]');
  });
});
