import { FEATURES } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFeaturesOff } from '../../test/features';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let classmate: string;
let coach: string;
let studentId: number;
let portalId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  classmate = await t.login('classmate@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  const row = await t.services.db
    .selectFrom('accounts')
    .select('portal_id')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  portalId = row.portal_id;
});
afterAll(() => t.close());

async function ownFile(accountId: number, name = 'lifting-plan.pdf') {
  const row = await t.services.db
    .insertInto('files')
    .values({
      portal_id: portalId,
      account_id: accountId,
      name,
      content_type: 'application/pdf',
      byte_size: 1200,
      storage_key: `test/${name}-${Date.now()}`,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

async function addReflection(visibility = 'coaches') {
  const file = await ownFile(studentId);
  const { status, body } = await r.post('/api/v1/portfolio_items', student, {
    kind: 'reflection',
    title: 'What I learned lifting boxes',
    body: '<p>Bend the <strong>knees</strong>.</p><script>alert(1)</script>',
    file_ids: [file],
    visibility,
    competencies: ['Safe lifting'],
  });
  expect(status).toBe(201);
  return body.data as { id: string; attributes: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('portfolio items', () => {
  it('a student adds a reflection with a file; others see it only when shared', async () => {
    const item = await addReflection();
    expect(item.attributes).toMatchObject({
      kind: 'reflection',
      body: '<p>Bend the <strong>knees</strong>.</p>',
      visibility: 'coaches',
      competencies: ['Safe lifting'],
      files: [{ name: 'lifting-plan.pdf' }],
    });
    expect((await r.get(`/api/v1/portfolio_items/${item.id}`, classmate)).status).toBe(404);
    const seen = await r.get(`/api/v1/portfolio_items/${item.id}`, coach);
    expect(seen.status).toBe(200);
    expect(seen.body.data.meta.abilities).toMatchObject({ comment: true, edit: false });
    await r.patch(`/api/v1/portfolio_items/${item.id}`, student, { visibility: 'private' });
    expect((await r.get(`/api/v1/portfolio_items/${item.id}`, coach)).status).toBe(404);
    const mine = await r.get('/api/v1/portfolio_items', student);
    expect(mine.body.data.map((row: { id: string }) => row.id)).toContain(item.id);
    expect(
      (await r.get('/api/v1/portfolio_items', classmate)).body.data.map((row: { id: string }) => row.id),
    ).not.toContain(item.id);
  });

  it('adds the certificates automatically, once', async () => {
    await r.get('/api/v1/portfolio_items', student);
    const list = await r.get('/api/v1/portfolio_items?page[size]=100', student);
    const certificates = list.body.data.filter(
      (row: { attributes: { kind: string } }) => row.attributes.kind === 'certificate',
    );
    const held = await t.services.db
      .selectFrom('certificates')
      .select('id')
      .where('account_id', '=', studentId)
      .execute();
    expect(certificates).toHaveLength(held.length);
    expect(certificates[0]?.attributes.verify_url).toMatch(/\/verify\//);
  });

  it('refuses bad input with pointers', async () => {
    const link = await r.post('/api/v1/portfolio_items', student, {
      kind: 'link',
      title: 'My site',
      url: 'javascript:alert(1)',
      visibility: 'public',
    });
    expect(link.status).toBe(422);
    expect(link.body.errors[0].source.pointer).toBe('/url');
    const someoneElses = await ownFile(await t.accountId('classmate@leerpad.test'), 'other.pdf');
    const evidence = await r.post('/api/v1/portfolio_items', student, {
      kind: 'evidence',
      title: 'Not mine',
      file_ids: [someoneElses],
      visibility: 'private',
    });
    expect(evidence.status).toBe(422);
    expect(evidence.body.errors[0].source.pointer).toBe('/file_ids/0');
  });

  it('coaches comment on shared items and the student is notified', async () => {
    const item = await addReflection();
    const posted = await r.post(`/api/v1/portfolio_items/${item.id}/comments`, coach, {
      body: 'Good insight about the knees.',
    });
    expect(posted.status).toBe(201);
    const read = await r.get(`/api/v1/portfolio_items/${item.id}/comments`, student);
    expect(read.body.data[0].attributes.body).toBe('Good insight about the knees.');
    const note = await t.services.db
      .selectFrom('notifications')
      .select('message_key')
      .where('account_id', '=', studentId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.message_key).toBe('portfolio_comment_added');
    expect(
      (await r.post(`/api/v1/portfolio_items/${item.id}/comments`, classmate, { body: 'x' })).status,
    ).toBe(403);
  });

  it('answers 403 FEATURE_DISABLED when the portfolio is off', async () => {
    await withFeaturesOff(t, portalId, [FEATURES.portfolioFeature], async () => {
      const { status, body } = await r.get('/api/v1/portfolio_items', student);
      expect(status).toBe(403);
      expect(body.errors[0].code).toBe('FEATURE_DISABLED');
    });
  });
});

describe('feedback through /rate', () => {
  async function ask(itemId: string) {
    const before = t.mail.length;
    const { status, body } = await r.post('/api/v1/feedback_requests', student, {
      item: itemId,
      email: 'trainer@workplace.test',
      name: 'Wim Trainer',
      message: 'Could you rate my lifting?',
    });
    expect(status).toBe(201);
    const mail = t.mail.slice(before).find((m) => m.to.includes('trainer@workplace.test'))!;
    const token = decodeURIComponent(/\/rate\?token=([^\s&]+)/.exec(mail.text)![1]!);
    return { request: body.data, token };
  }

  it('mails a single-use link; the guest rates once and the rating lands on the item', async () => {
    const item = await addReflection('private');
    const { request, token } = await ask(item.id);
    expect(request.attributes.state).toBe('pending');
    const stored = await t.services.db
      .selectFrom('feedback_requests')
      .select('token_hash')
      .where('id', '=', Number(request.id))
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);

    const form = await r.get(`/api/v1/rate/${encodeURIComponent(token)}`, '');
    expect(form.status).toBe(200);
    expect(form.body.data.attributes.item.title).toBe('What I learned lifting boxes');
    const criteria = form.body.data.attributes.criteria as string[];
    expect(criteria.length).toBeGreaterThan(0);

    const outOfRange = await r.post(`/api/v1/rate/${encodeURIComponent(token)}`, '', {
      scores: criteria.map(() => 6),
    });
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.errors[0].source.pointer).toBe('/scores/0');

    const scores = criteria.map(() => 4);
    const [first, second] = await Promise.all([
      r.post(`/api/v1/rate/${encodeURIComponent(token)}`, '', { scores, comment: 'Well done' }),
      r.post(`/api/v1/rate/${encodeURIComponent(token)}`, '', { scores, comment: 'Well done' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 410]);
    const again = await r.get(`/api/v1/rate/${encodeURIComponent(token)}`, '');
    expect(again.status).toBe(410);
    expect(again.body.errors[0].code).toBe('RATING_LINK_USED');

    const seen = await r.get(`/api/v1/portfolio_items/${item.id}`, student);
    expect(seen.body.data.attributes.ratings).toHaveLength(1);
    expect(seen.body.data.attributes.ratings[0]).toMatchObject({
      rater_name: 'Wim Trainer',
      comment: 'Well done',
    });
  });

  it('refuses forged and expired links clearly', async () => {
    const forged = await r.get('/api/v1/rate/not-a-real-token', '');
    expect(forged.status).toBe(404);
    expect(forged.body.errors[0].code).toBe('RATING_LINK_UNKNOWN');
    const item = await addReflection('private');
    const { request, token } = await ask(item.id);
    await t.services.db
      .updateTable('feedback_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', Number(request.id))
      .execute();
    const expired = await r.post(`/api/v1/rate/${encodeURIComponent(token)}`, '', { scores: [3, 3, 3] });
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0].code).toBe('RATING_LINK_EXPIRED');
  });

  it("does not ask about another student's item", async () => {
    const item = await addReflection('coaches');
    const { status, body } = await r.post('/api/v1/feedback_requests', classmate, {
      item: item.id,
      email: 'x@example.test',
      name: 'X',
    });
    expect(status).toBe(422);
    expect(body.errors[0].source.pointer).toBe('/item');
  });
});

describe('profiles', () => {
  it('a student publishes a profile and a guest sees only public items', async () => {
    const bad = await r.patch('/api/v1/profile', student, { handle: 'Not URL safe!' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ code: 'HANDLE_INVALID', source: { pointer: '/handle' } });
    const saved = await r.patch('/api/v1/profile', student, {
      headline: 'Warehouse apprentice',
      biography: 'I learn to lift safely.',
      handle: 'sam-student',
      is_public: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes.public_url).toMatch(/\/profiles\/sam-student$/);
    const hidden = await addReflection('coaches');
    const shown = await r.post('/api/v1/portfolio_items', student, {
      kind: 'link',
      title: 'My lifting video',
      url: 'https://example.test/video',
      visibility: 'public',
    });
    const guest = await r.get('/api/v1/profiles/sam-student', '');
    expect(guest.status).toBe(200);
    expect(guest.body.data.attributes).toMatchObject({ headline: 'Warehouse apprentice', indexable: false });
    const ids = guest.body.data.attributes.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(shown.body.data.id);
    expect(ids).not.toContain(hidden.id);

    const taken = await r.patch('/api/v1/profile', classmate, { handle: 'sam-student' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({ code: 'HANDLE_TAKEN', source: { pointer: '/handle' } });

    await r.patch('/api/v1/profile', student, { is_public: false });
    expect((await r.get('/api/v1/profiles/sam-student', '')).status).toBe(404);
    expect((await r.get('/api/v1/profiles/nobody-here', '')).status).toBe(404);
  });
});
