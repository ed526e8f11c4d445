import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFeaturesOff } from '../../test/features';
import { learningObjectId, requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_OBJECTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let classmate: string;
let coach: string;
let admin: string;
let studentId: number;
let coachId: number;
let quiz: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  classmate = await t.login('classmate@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  coachId = await t.accountId('coach@leerpad.test');
  quiz = await learningObjectId(t, ACADEMY_OBJECTS.quiz);
});
afterAll(() => t.close());

const notificationsOf = (accountId: number) =>
  t.services.db
    .selectFrom('notifications')
    .select(['message_key', 'link'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .execute();

async function ask(subject = 'Which weight limit applies?') {
  const { status, body } = await r.post('/api/v1/tickets', student, {
    subject,
    body: 'Does the 23 kg limit apply above shoulder height?',
    learning_object: { type: 'learning_objects', id: String(quiz) },
  });
  expect(status).toBe(201);
  return body.data as { id: string; attributes: Record<string, unknown> };
}

describe('asking a question', () => {
  it("goes to the student's primary coach, who is notified in the app and by e-mail", async () => {
    const mailsBefore = t.mail.length;
    const ticket = await ask();
    expect(ticket.attributes).toMatchObject({
      subject: 'Which weight limit applies?',
      body: 'Does the 23 kg limit apply above shoulder height?',
      state: 'open',
      message_count: 1,
    });
    const full = await r.get(`/api/v1/tickets/${ticket.id}?include=learning_object,course`, student);
    expect(full.body.data.relationships).toMatchObject({
      learning_object: { data: { id: String(quiz) } },
      coach: { data: { id: String(coachId) } },
      student: { data: { id: String(studentId) } },
    });
    const [latest] = await notificationsOf(coachId);
    expect(latest).toMatchObject({ message_key: 'ticket_asked', link: `/coach/tickets/${ticket.id}` });
    const mail = t.mail.slice(mailsBefore).find((m) => m.to.includes('coach@leerpad.test'));
    expect(mail?.subject).toContain('Which weight limit applies?');
    // The coach has no locale of their own: the Dutch portal's language.
    expect(mail?.text).toContain('heeft een nieuw bericht geschreven');
  });

  it('goes to every coach when the student has no primary coach', async () => {
    const { status, body } = await r.post('/api/v1/tickets', classmate, {
      subject: 'Where is my certificate?',
      body: 'I finished the course.',
    });
    expect(status).toBe(201);
    expect(body.data.relationships.coach.data).toBeNull();
    const list = await r.get('/api/v1/tickets?filter[state]=open', coach);
    expect(list.body.data.map((item: { id: string }) => item.id)).toContain(body.data.id);
  });

  it('points at an empty subject and message', async () => {
    const { status, body } = await r.post('/api/v1/tickets', student, { subject: ' ', body: '' });
    expect(status).toBe(422);
    expect(body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/body',
      '/subject',
    ]);
  });

  it('is for students only', async () => {
    const { status } = await r.post('/api/v1/tickets', coach, { subject: 'x', body: 'y' });
    expect(status).toBe(403);
  });
});

describe('the thread', () => {
  it('a coach reply makes it answered and notifies the student; a student reply opens it again', async () => {
    const ticket = await ask('Thread question');
    const reply = await r.post(`/api/v1/tickets/${ticket.id}/messages`, coach, { body: 'Yes, it does.' });
    expect(reply.status).toBe(201);
    expect((await r.get(`/api/v1/tickets/${ticket.id}`, student)).body.data.attributes.state).toBe(
      'answered',
    );
    const [latest] = await notificationsOf(studentId);
    expect(latest).toMatchObject({ message_key: 'ticket_answered', link: `/account/tickets/${ticket.id}` });

    await r.post(`/api/v1/tickets/${ticket.id}/messages`, student, { body: 'And below the knee?' });
    expect((await r.get(`/api/v1/tickets/${ticket.id}`, coach)).body.data.attributes.state).toBe('open');
    expect((await notificationsOf(coachId))[0]).toMatchObject({ message_key: 'ticket_replied' });

    const thread = await r.get(`/api/v1/tickets/${ticket.id}/messages?include=author`, student);
    expect(thread.body.data.map((m: { attributes: { body: string } }) => m.attributes.body)).toEqual([
      'Does the 23 kg limit apply above shoulder height?',
      'Yes, it does.',
      'And below the knee?',
    ]);
    expect(thread.body.meta.total).toBe(3);
  });

  it('refuses an empty message with a pointer', async () => {
    const ticket = await ask();
    const { status, body } = await r.post(`/api/v1/tickets/${ticket.id}/messages`, coach, { body: '   ' });
    expect(status).toBe(422);
    expect(body.errors[0].source.pointer).toBe('/body');
  });

  it('the student closes and reopens it; closed → answered is refused with a pointer', async () => {
    const ticket = await ask();
    const closed = await r.patch(`/api/v1/tickets/${ticket.id}`, student, { state: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body.data.attributes.state).toBe('closed');
    expect(closed.body.data.attributes.closed_at).not.toBeNull();
    expect(closed.body.data.meta.abilities).toMatchObject({ reopen: true, close: false });

    const refused = await r.patch(`/api/v1/tickets/${ticket.id}`, coach, { state: 'answered' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      source: { pointer: '/state' },
    });
    // Only the student reopens; the coach cannot write in a closed ticket.
    expect((await r.patch(`/api/v1/tickets/${ticket.id}`, coach, { state: 'open' })).status).toBe(422);
    expect((await r.post(`/api/v1/tickets/${ticket.id}/messages`, coach, { body: 'Late' })).status).toBe(422);

    const reopened = await r.patch(`/api/v1/tickets/${ticket.id}`, student, { state: 'open' });
    expect(reopened.body.data.attributes).toMatchObject({ state: 'open', closed_at: null });
  });
});

describe('who sees a ticket', () => {
  it("is a 404 for another student, a coach it did not go to, and another portal's staff", async () => {
    const ticket = await ask();
    expect((await r.get(`/api/v1/tickets/${ticket.id}`, classmate)).status).toBe(404);
    expect((await r.get(`/api/v1/tickets/${ticket.id}/messages`, classmate)).status).toBe(404);
    expect((await r.post(`/api/v1/tickets/${ticket.id}/messages`, classmate, { body: 'hi' })).status).toBe(
      404,
    );
    expect((await r.patch(`/api/v1/tickets/${ticket.id}`, classmate, { state: 'closed' })).status).toBe(404);
    const classmateList = await r.get('/api/v1/tickets', classmate);
    expect(classmateList.body.data.map((item: { id: string }) => item.id)).not.toContain(ticket.id);

    // A second coach of the portal does not see a ticket that went to the primary coach.
    const other = await t.services.db
      .updateTable('tickets')
      .set({ coach_id: studentId })
      .where('id', '=', Number(ticket.id))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await r.get(`/api/v1/tickets/${other.id}`, coach)).status).toBe(404);

    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    expect((await r.get(`/api/v1/tickets/${ticket.id}`, secondAdmin, SECOND_HOST)).status).toBe(404);
  });

  it('staff read every ticket of their portal, filtered by state and student', async () => {
    const { body } = await r.get(`/api/v1/tickets?filter[student]=${studentId}&filter[state]=closed`, admin);
    expect(body.data.length).toBeGreaterThan(0);
    for (const item of body.data) {
      expect(item.relationships.student.data.id).toBe(String(studentId));
      expect(item.attributes.state).toBe('closed');
    }
    expect(body.meta.state_counts.closed).toBe(body.meta.total);
  });

  it('is 403 FEATURE_DISABLED when the portal has tickets off', async () => {
    const portal = await t.services.db
      .selectFrom('accounts')
      .select('portal_id')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    await withFeaturesOff(t, portal.portal_id, ['review-tickets'], async () => {
      for (const response of [
        await r.get('/api/v1/tickets', student),
        await r.post('/api/v1/tickets', student, { subject: 'x', body: 'y' }),
      ]) {
        expect(response.status).toBe(403);
        expect(response.body.errors[0].code).toBe('FEATURE_DISABLED');
      }
    });
  });
});

describe('webhooks', () => {
  it('announces ticket.created to subscribed webhooks', async () => {
    const hook = await r.post('/api/v1/webhooks', admin, {
      url: 'https://crm.example.test/tickets',
      events: ['ticket.created'],
    });
    expect(hook.status).toBe(201);
    const ticket = await ask('Webhook question');
    const deliveries = await t.services.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('webhook_id', '=', Number(hook.body.data.id))
      .execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.event).toBe('ticket.created');
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({
      ticket_id: ticket.id,
      subject: 'Webhook question',
    });
  });
});
