import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACADEMY_OBJECTS } from '../db/seed/academy-titles';
import { learningObjectId, requests } from '../test/requests';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { includableNames, loaderFor, registeredLoaderTypes, relationshipsOf } from './includes';
import type { ResourceObject } from '../context/document';
import type { PortalContext } from '../context/portal';
import type { AccountContext } from '../context/account';
import { hashToken, loadSession } from './session';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let academy: PortalContext;
let admin: AccountContext;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  const portalId = (
    await t.services.db
      .selectFrom('accounts')
      .select('portal_id')
      .where('id', '=', await t.accountId('student@leerpad.test'))
      .executeTakeFirstOrThrow()
  ).portal_id;
  academy = (await t.services.portals.findById(portalId))!;
  const adminCookie = await t.login('admin@leerpad.test');
  admin = (await loadSession(
    t.services.db,
    t.services.views,
    hashToken(adminCookie.split('=')[1]!),
    t.services.config.sessionDays,
  ))!;
});
afterAll(() => t.close());

describe('the registry of included records', () => {
  it('has a relationship for every include a route accepts, and a loader for every type it points to', () => {
    const includable = includableNames();
    // Tickets, answers, enrolments, courses, students, approvals, portals … all include through it.
    expect(includable.length).toBeGreaterThanOrEqual(12);
    const loaders = new Set(registeredLoaderTypes());
    const missing: string[] = [];
    for (const [type, names] of includable) {
      for (const name of names) {
        const relationship = relationshipsOf(type)[name];
        if (!relationship) missing.push(`${type}.${name}: no relationship`);
        else if (!loaders.has(relationship.type))
          missing.push(`${type}.${name}: no loader for ${relationship.type}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("never loads another portal's records, whatever ids it is given", async () => {
    // Staff, who may see every record of the portal (tickets are loaded only for who may see them).
    const context = { services: t.services, portal: academy, account: admin };
    let checked = 0;
    for (const type of registeredLoaderTypes()) {
      // Every included type is stored in the table of its name, each row with its portal.
      const table = type as 'accounts';
      const [theirs, ours] = await Promise.all([
        t.services.db.selectFrom(table).select('id').where('portal_id', '!=', academy.id).limit(50).execute(),
        t.services.db.selectFrom(table).select('id').where('portal_id', '=', academy.id).limit(50).execute(),
      ]);
      const loader = loaderFor(type)!;
      if (theirs.length > 0) {
        const foreign = await loader(
          t.services.db,
          academy.id,
          theirs.map((row) => row.id),
          context,
        );
        expect(foreign.map((resource) => `${resource.type}:${resource.id}`)).toEqual([]);
        checked += 1;
      }
      if (ours.length > 0) {
        const own = await loader(
          t.services.db,
          academy.id,
          ours.map((row) => row.id),
          context,
        );
        expect(own.length, type).toBe(ours.length);
        expect(new Set(own.map((resource) => resource.type))).toEqual(new Set([type]));
      }
    }
    // The second portal's demo data covers most types, so the check above is not empty.
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});

describe('an included record', () => {
  it('is presented the same way wherever it is included', async () => {
    const quiz = await learningObjectId(t, ACADEMY_OBJECTS.quiz);
    const asked = await r.post('/api/v1/tickets', student, {
      subject: 'Does the limit apply at shoulder height?',
      body: 'The quiz says 23 kg.',
      learning_object: { type: 'learning_objects', id: String(quiz) },
    });
    expect(asked.status).toBe(201);
    const reported = await r.post(`/api/v1/learning_objects/${quiz}/content_issues`, student, {
      category: 'incorrect_content',
      description: 'Question 3 accepts only kilograms.',
    });
    expect(reported.status).toBe(201);
    const documents = await Promise.all([
      r.get(`/api/v1/tickets/${asked.body.data.id}?include=student,course,learning_object`, student),
      r.get(
        `/api/v1/content_issues/${reported.body.data.id}?include=reporter,course,learning_object`,
        student,
      ),
      r.get('/api/v1/enrollments?include=account,course,last_learning_object', student),
      r.get(
        `/api/v1/courses/${reported.body.data.relationships.course.data.id}?include=learning_objects`,
        student,
      ),
    ]);
    const seen = new Map<string, ResourceObject[]>();
    for (const { status, body } of documents) {
      expect(status).toBe(200);
      for (const resource of body.included as ResourceObject[]) {
        const key = `${resource.type}:${resource.id}`;
        seen.set(key, [...(seen.get(key) ?? []), resource]);
      }
    }
    const account = seen.get(`accounts:${await t.accountId('student@leerpad.test')}`) ?? [];
    const course = seen.get(`courses:${reported.body.data.relationships.course.data.id}`) ?? [];
    const object = seen.get(`learning_objects:${quiz}`) ?? [];
    // The student from the ticket, the issue and the enrolments; the course from all three; the quiz
    // from the ticket, the issue and the course outline.
    expect([account.length, course.length, object.length]).toEqual([3, 3, 3]);
    expect(course[0]?.attributes).toMatchObject({ title: expect.any(String), status: 'published' });
    for (const occurrences of seen.values()) {
      for (const occurrence of occurrences.slice(1)) expect(occurrence).toEqual(occurrences[0]);
    }
  });

  it("never brings another portal's record, even when a row points at one", async () => {
    const studentId = await t.accountId('student@leerpad.test');
    const [foreignCourse, foreignAccount] = await Promise.all([
      t.services.db
        .selectFrom('courses')
        .select('id')
        .where('portal_id', '!=', academy.id)
        .executeTakeFirstOrThrow(),
      t.services.db
        .selectFrom('accounts')
        .select('id')
        .where('portal_id', '!=', academy.id)
        .executeTakeFirstOrThrow(),
    ]);
    const now = new Date().toISOString();
    const ticket = await t.services.db
      .insertInto('tickets')
      .values({
        portal_id: academy.id,
        student_id: studentId,
        coach_id: foreignAccount.id,
        course_id: foreignCourse.id,
        learning_object_id: null,
        subject: 'A row that points across portals',
        state: 'open',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { status, body } = await r.get(
      `/api/v1/tickets/${ticket.id}?include=student,coach,course`,
      student,
    );
    expect(status).toBe(200);
    expect((body.included as ResourceObject[]).map((resource) => `${resource.type}:${resource.id}`)).toEqual([
      `accounts:${studentId}`,
    ]);
  });
});
