import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFeaturesOff } from '../../test/features';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { sendFollowUpReminders } from './follow-ups';

let t: TestApp;
let r: ReturnType<typeof requests>;
let coach: string;
let student: string;
let studentId: number;
let coachId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  coach = await t.login('coach@leerpad.test');
  student = await t.login('student@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  coachId = await t.accountId('coach@leerpad.test');
});
afterAll(() => t.close());

const reminders = () =>
  t.services.db
    .selectFrom('notifications')
    .select('id')
    .where('account_id', '=', coachId)
    .where('message_key', 'like', 'follow_up_due_%')
    .execute();

describe('follow-ups', () => {
  it('plans a follow-up, lists it as overdue and marks it done with an outcome', async () => {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const created = await r.post('/api/v1/follow_ups', coach, {
      student: { type: 'accounts', id: String(studentId) },
      due_at: past,
      kind: 'call',
      note: 'Bespreek het tilplan',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ kind: 'call', overdue: true, done_at: null });
    const id = created.body.data.id;
    const overdue = await r.get('/api/v1/follow_ups?filter[due]=overdue', coach);
    expect(overdue.body.data.map((f: { id: string }) => f.id)).toContain(id);
    const week = await r.get(`/api/v1/follow_ups?filter[due]=week&filter[student]=${studentId}`, coach);
    expect(week.body.data.map((f: { id: string }) => f.id)).toContain(id);
    const detail = await r.get(`/api/v1/students/${studentId}?include=follow_ups`, coach);
    expect(detail.body.data.relationships.follow_ups.data.map((f: { id: string }) => f.id)).toContain(id);
    const done = await r.patch(`/api/v1/follow_ups/${id}`, coach, {
      done: true,
      outcome: 'Gebeld, gaat goed',
    });
    expect(done.status).toBe(200);
    expect(done.body.data.attributes.outcome).toBe('Gebeld, gaat goed');
    expect(done.body.data.attributes.done_at).not.toBeNull();
    const after = await r.get('/api/v1/follow_ups?filter[due]=overdue', coach);
    expect(after.body.data.map((f: { id: string }) => f.id)).not.toContain(id);
  });

  it('refuses a due date that is not a date, and a student who is not yours, with pointers', async () => {
    const bad = await r.post('/api/v1/follow_ups', coach, {
      student: { type: 'accounts', id: String(studentId) },
      due_at: 'next tuesday',
      kind: 'call',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/due_at');
    const badKind = await r.post('/api/v1/follow_ups', coach, {
      student: { type: 'accounts', id: String(studentId) },
      due_at: '2026-12-01T09:00:00Z',
      kind: 'letter',
    });
    expect(badKind.status).toBe(422);
    expect(badKind.body.errors[0].source.pointer).toBe('/kind');
    const coachAsStudent = await r.post('/api/v1/follow_ups', coach, {
      student: { type: 'accounts', id: String(coachId) },
      due_at: '2026-12-01T09:00:00Z',
      kind: 'call',
    });
    expect(coachAsStudent.status).toBe(422);
    expect(coachAsStudent.body.errors[0].source.pointer).toBe('/student');
    const asStudents = await r.post('/api/v1/follow_ups', coach, {
      student: { type: 'students', id: String(studentId) },
      due_at: '2026-12-01T09:00:00Z',
      kind: 'call',
    });
    expect(asStudents.status).toBe(422);
    expect(asStudents.body.errors[0].source.pointer).toBe('/student/type');
  });

  it('reads and writes the student as an accounts relationship, and includes it', async () => {
    const document = {
      data: {
        type: 'follow_ups',
        attributes: { due_at: '2026-12-02T09:00:00Z', kind: 'meeting', note: 'Stage' },
        relationships: { student: { data: { type: 'accounts', id: String(studentId) } } },
      },
    };
    const created = await r.post('/api/v1/follow_ups', coach, document);
    expect(created.status).toBe(201);
    expect(created.body.data.relationships.student.data).toEqual({ type: 'accounts', id: String(studentId) });

    const list = await r.get(`/api/v1/follow_ups?filter[student]=${studentId}&include=student`, coach);
    expect(list.status).toBe(200);
    expect(list.body.included).toContainEqual(
      expect.objectContaining({ type: 'accounts', id: String(studentId), attributes: expect.any(Object) }),
    );
    expect(list.body.included[0].attributes.full_name).toEqual(expect.any(String));

    const notYours = await r.post('/api/v1/follow_ups', coach, {
      data: {
        ...document.data,
        relationships: { student: { data: { type: 'accounts', id: String(coachId) } } },
      },
    });
    expect(notYours.status).toBe(422);
    expect(notYours.body.errors[0].source.pointer).toBe('/data/relationships/student/data');
    const wrongType = await r.post('/api/v1/follow_ups', coach, {
      data: {
        ...document.data,
        relationships: { student: { data: { type: 'students', id: String(studentId) } } },
      },
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors[0].source.pointer).toBe('/data/relationships/student/data/type');
  });

  it('is for coaches and staff only', async () => {
    expect((await r.get('/api/v1/follow_ups', student)).status).toBe(403);
  });

  it('answers FEATURE_DISABLED when the follow-ups flag is off', async () => {
    await withFeaturesOff(t, 1, ['follow-ups'], async () => {
      const { status, body } = await r.get('/api/v1/follow_ups', coach);
      expect(status).toBe(403);
      expect(body.errors[0].code).toBe('FEATURE_DISABLED');
    });
  });

  it('sends the reminder once when it falls due, even when the job runs twice at once', async () => {
    const before = (await reminders()).length;
    const created = await r.post('/api/v1/follow_ups', coach, {
      student: { type: 'accounts', id: String(studentId) },
      due_at: new Date(Date.now() - 60_000).toISOString(),
      kind: 'meeting',
      note: '',
    });
    expect(created.status).toBe(201);
    const future = await r.post('/api/v1/follow_ups', coach, {
      student: { type: 'accounts', id: String(studentId) },
      due_at: new Date(Date.now() + 86_400_000).toISOString(),
      kind: 'message',
    });
    expect(future.status).toBe(201);
    const sent = await Promise.all([sendFollowUpReminders(t.services), sendFollowUpReminders(t.services)]);
    await sendFollowUpReminders(t.services);
    expect(sent[0] + sent[1]).toBeGreaterThanOrEqual(1);
    const after = await reminders();
    expect(after.length - before).toBe(sent[0] + sent[1]);
    const row = await t.services.db
      .selectFrom('follow_ups')
      .select(['reminded_at'])
      .where('id', '=', Number(created.body.data.id))
      .executeTakeFirstOrThrow();
    expect(row.reminded_at).not.toBeNull();
    const notYet = await t.services.db
      .selectFrom('follow_ups')
      .select(['reminded_at'])
      .where('id', '=', Number(future.body.data.id))
      .executeTakeFirstOrThrow();
    expect(notYet.reminded_at).toBeNull();
    const keys = await t.services.db
      .selectFrom('notifications')
      .select('message_key')
      .where('account_id', '=', coachId)
      .execute();
    expect(keys.filter((row) => row.message_key === 'follow_up_due_meeting')).toHaveLength(1);
  });
});
