import { expect } from 'vitest';
import { XHR } from './test-app';
import type { TestApp } from './test-app';
import { ACADEMY_COURSES } from '../db/seed/academy-titles';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Short request helpers for API tests: JSON in, status and parsed body out. */
export function requests(t: TestApp) {
  const call = async (method: Method, url: string, cookie: string, payload?: unknown, host = 'localhost') => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...(method === 'GET' ? {} : XHR), cookie, host },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      body = response.body ? JSON.parse(response.body) : null;
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body, headers: response.headers, raw: response };
  };
  return {
    get: (url: string, cookie: string, host?: string) => call('GET', url, cookie, undefined, host),
    post: (url: string, cookie: string, payload?: unknown, host?: string) =>
      call('POST', url, cookie, payload, host),
    put: (url: string, cookie: string, payload?: unknown, host?: string) =>
      call('PUT', url, cookie, payload, host),
    patch: (url: string, cookie: string, payload?: unknown, host?: string) =>
      call('PATCH', url, cookie, payload, host),
    del: (url: string, cookie: string, host?: string) => call('DELETE', url, cookie, undefined, host),
  };
}

/** The first course of the demo catalog with this title, read straight from the database. */
export async function courseId(t: TestApp, title: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('courses')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function learningObjectId(t: TestApp, title: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('learning_objects')
    .select('id')
    .where('title', '=', title)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const SAMPLE_COURSE: string = ACADEMY_COURSES.sample;

/** Enrols the account (by its session cookie) in a course and completes every object of it. */
export async function completeCourse(t: TestApp, cookie: string, course: number): Promise<void> {
  const r = requests(t);
  const enrolled = await r.post(`/api/v1/courses/${course}/enrollments`, cookie, {});
  expect([200, 201]).toContain(enrolled.status);
  const objects = await t.services.db
    .selectFrom('learning_objects')
    .select('id')
    .where('course_id', '=', course)
    .execute();
  for (const object of objects) {
    const done = await r.put(`/api/v1/learning_objects/${object.id}/progress`, cookie, { completed: true });
    expect(done.status).toBe(200);
  }
}
