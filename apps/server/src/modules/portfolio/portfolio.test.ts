import { Readable } from 'node:stream';
import { FEATURES } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFeaturesOff } from '../../test/features';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
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
const storedKeys: string[] = [];
afterAll(async () => {
  for (const key of storedKeys) await t.services.storage.remove(key);
  await t.close();
});

/** A file with real content in storage, owned by the account (as an upload leaves it). */
async function storedFile(accountId: number, name: string, contentType: string, content: Buffer) {
  const key = `portal-${portalId}/test/${Date.now()}-${storedKeys.length}`;
  storedKeys.push(key);
  await t.services.storage.write(key, Readable.from([content]), 10_000_000);
  const row = await t.services.db
    .insertInto('files')
    .values({
      portal_id: portalId,
      account_id: accountId,
      name,
      content_type: contentType,
      byte_size: content.length,
      storage_key: key,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Requests to the second portal with the portfolio switched on there too (then as it was). */
async function onSecondPortal<T>(check: () => Promise<T>): Promise<T> {
  const { db, portals } = t.services;
  const second = await db
    .selectFrom('portal_domains')
    .select('portal_id')
    .where('domain', '=', SECOND_HOST)
    .executeTakeFirstOrThrow();
  const found = await db
    .selectFrom('portal_features')
    .select('enabled')
    .where('portal_id', '=', second.portal_id)
    .where('name', '=', FEATURES.portfolioFeature)
    .executeTakeFirst();
  if (found)
    await db
      .updateTable('portal_features')
      .set({ enabled: 1 })
      .where('portal_id', '=', second.portal_id)
      .where('name', '=', FEATURES.portfolioFeature)
      .execute();
  else
    await db
      .insertInto('portal_features')
      .values({ portal_id: second.portal_id, name: FEATURES.portfolioFeature, enabled: 1 })
      .execute();
  portals.forget();
  try {
    return await check();
  } finally {
    if (found)
      await db
        .updateTable('portal_features')
        .set({ enabled: found.enabled })
        .where('portal_id', '=', second.portal_id)
        .where('name', '=', FEATURES.portfolioFeature)
        .execute();
    else
      await db
        .deleteFrom('portal_features')
        .where('portal_id', '=', second.portal_id)
        .where('name', '=', FEATURES.portfolioFeature)
        .execute();
    portals.forget();
  }
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-a-tiny-test-image'),
]);
const BOUNDARY = '----leerpad-portfolio-test';

/** Uploads through POST /api/v1/files, the path (and quota) every upload takes. */
async function upload(cookie: string, name: string, contentType: string, content: Buffer) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    headers: {
      ...XHR,
      cookie,
      host: 'localhost',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
  expect(response.statusCode).toBe(201);
  const id = response.json().data.id as string;
  const row = await t.services.db
    .selectFrom('files')
    .select('storage_key')
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
  storedKeys.push(row.storage_key);
  return id;
}

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
    files: [{ id: String(file) }],
    visibility,
    competencies: ['Veilig tillen'],
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
      competencies: ['Veilig tillen'],
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
      files: [{ id: String(someoneElses) }],
      visibility: 'private',
    });
    expect(evidence.status).toBe(422);
    expect(evidence.body.errors[0].source.pointer).toBe('/files/0/id');
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
      item: { type: 'portfolio_items', id: itemId },
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
      item: { type: 'portfolio_items', id: item.id },
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

describe('profile photo', () => {
  it('a student uploads an image as avatar; it shows in the portal and, once public, to guests; removal clears it', async () => {
    await r.patch('/api/v1/profile', student, { handle: 'avatar-student', is_public: false });
    const file = await upload(student, 'me.png', 'image/png', PNG);
    const set = await r.put('/api/v1/profile/avatar', student, { file });
    expect(set.status).toBe(200);
    const url = set.body.data.attributes.avatar_url as string;
    expect(url).toBe(`/api/v1/avatars/${file}`);
    const me = await r.get('/api/v1/me', student);
    expect(JSON.stringify(me.body)).toContain(url);

    const seen = await r.get(`${url}?w=150`, classmate);
    expect(seen.status).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.raw.rawPayload.equals(PNG)).toBe(true);
    // A private profile's photo stays inside the portal; a public one shows on the guest page.
    expect((await r.get(url, '')).status).toBe(404);
    await r.patch('/api/v1/profile', student, { is_public: true });
    expect((await r.get(url, '')).status).toBe(200);
    const guestPage = await r.get('/api/v1/profiles/avatar-student', '');
    expect(guestPage.body.data.attributes.avatar_url).toBe(url);
    // Never from another portal.
    expect((await r.get(url, '', SECOND_HOST)).status).toBe(404);

    const removed = await r.del('/api/v1/profile/avatar', student);
    expect(removed.status).toBe(200);
    expect(removed.body.data.attributes.avatar_url).toBeNull();
    expect((await r.get(url, classmate)).status).toBe(404);
    await r.patch('/api/v1/profile', student, { is_public: false });
  });

  it('refuses what is not a PNG, JPEG or WebP image of at most 2 MB, with a pointer', async () => {
    const text = await upload(student, 'notes.txt', 'text/plain', Buffer.from('not an image'));
    const wrongType = await r.put('/api/v1/profile/avatar', student, { file: text });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors[0]).toMatchObject({
      code: 'AVATAR_NOT_IMAGE',
      source: { pointer: '/file' },
    });

    const disguised = await storedFile(studentId, 'fake.png', 'image/png', Buffer.from('<svg></svg>'));
    const fake = await r.put('/api/v1/profile/avatar', student, { file: disguised });
    expect(fake.status).toBe(422);
    expect(fake.body.errors[0].code).toBe('AVATAR_NOT_IMAGE');

    const big = await storedFile(
      studentId,
      'big.png',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(2_000_001)]),
    );
    const tooBig = await r.put('/api/v1/profile/avatar', student, { file: big });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors[0]).toMatchObject({ code: 'AVATAR_TOO_LARGE', source: { pointer: '/file' } });

    const others = await storedFile(await t.accountId('classmate@leerpad.test'), 'c.png', 'image/png', PNG);
    const notMine = await r.put('/api/v1/profile/avatar', student, { file: others });
    expect(notMine.status).toBe(422);
    expect(notMine.body.errors[0].source.pointer).toBe('/file');
    expect((await r.get('/api/v1/profile', student)).body.data.attributes.avatar_url).toBeNull();
  });
});

describe('files for guests', () => {
  async function evidenceItem(visibility: string) {
    const file = await storedFile(
      studentId,
      'pallet plan.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4 plan'),
    );
    const { status, body } = await r.post('/api/v1/portfolio_items', student, {
      kind: 'evidence',
      title: `Evidence (${visibility})`,
      files: [{ id: String(file) }],
      visibility,
    });
    expect(status).toBe(201);
    return { item: body.data.id as string, file };
  }

  async function askFor(item: string) {
    const before = t.mail.length;
    await r.post('/api/v1/feedback_requests', student, {
      item: { type: 'portfolio_items', id: item },
      email: 'guest-files@workplace.test',
      name: 'Fien Trainer',
    });
    const mail = t.mail.slice(before).find((m) => m.to.includes('guest-files@workplace.test'))!;
    const token = decodeURIComponent(/\/rate\?token=([^\s&]+)/.exec(mail.text)![1]!);
    const request = await t.services.db
      .selectFrom('feedback_requests')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { token, requestId: request.id };
  }

  it('the holder of a feedback link opens the item files while the link works, and nothing else', async () => {
    const { item, file } = await evidenceItem('private');
    const { token } = await askFor(item);
    const form = await r.get(`/api/v1/rate/${encodeURIComponent(token)}`, '');
    const url = `/api/v1/rate/${encodeURIComponent(token)}/files/${file}`;
    expect(form.body.data.attributes.item.files).toEqual([
      { id: file, name: 'pallet plan.pdf', content_type: 'application/pdf', size: 13, url },
    ]);
    const opened = await r.get(url, '');
    expect(opened.status).toBe(200);
    expect(opened.raw.body).toBe('%PDF-1.4 plan');
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toContain('inline; filename="pallet plan.pdf"');
    const downloaded = await r.get(`${url}?download=1`, '');
    expect(downloaded.headers['content-type']).toBe('application/octet-stream');
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment;/);

    // Another file of the student, or the same link on another portal: 404.
    const other = await storedFile(studentId, 'other.pdf', 'application/pdf', Buffer.from('%PDF other'));
    expect((await r.get(`/api/v1/rate/${encodeURIComponent(token)}/files/${other}`, '')).status).toBe(404);
    expect(await onSecondPortal(async () => (await r.get(url, '', SECOND_HOST)).status)).toBe(404);
    expect((await r.get(`/api/v1/rate/forged/files/${file}`, '')).status).toBe(404);

    // Once the feedback is given, the link shows nothing any more, files included.
    const criteria = form.body.data.attributes.criteria as string[];
    await r.post(`/api/v1/rate/${encodeURIComponent(token)}`, '', { scores: criteria.map(() => 5) });
    const used = await r.get(url, '');
    expect(used.status).toBe(410);
    expect(used.body.errors[0].code).toBe('RATING_LINK_USED');
  });

  it('an expired link opens no file', async () => {
    const { item, file } = await evidenceItem('coaches');
    const { token, requestId } = await askFor(item);
    await t.services.db
      .updateTable('feedback_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', requestId)
      .execute();
    const expired = await r.get(`/api/v1/rate/${encodeURIComponent(token)}/files/${file}`, '');
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0].code).toBe('RATING_LINK_EXPIRED');
  });

  it('a public profile offers the files of public items only', async () => {
    await r.patch('/api/v1/profile', student, { handle: 'files-student', is_public: true });
    const shown = await evidenceItem('public');
    const hidden = await evidenceItem('coaches');
    const page = await r.get('/api/v1/profiles/files-student', '');
    const item = page.body.data.attributes.items.find((row: { id: string }) => row.id === shown.item);
    const url = `/api/v1/profiles/files-student/files/${shown.file}`;
    expect(item.files).toEqual([expect.objectContaining({ id: shown.file, url })]);
    const opened = await r.get(url, '');
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toContain('filename="pallet plan.pdf"');

    expect((await r.get(`/api/v1/profiles/files-student/files/${hidden.file}`, '')).status).toBe(404);
    expect(await onSecondPortal(async () => (await r.get(url, '', SECOND_HOST)).status)).toBe(404);
    await r.patch('/api/v1/profile', student, { is_public: false });
    expect((await r.get(url, '')).status).toBe(404);
  });
});

describe('the rubric of /rate', () => {
  it('staff set criteria per portal language; new requests use them, sent ones keep theirs', async () => {
    const admin = await t.login('admin@leerpad.test');
    const current = await r.get('/api/v1/portfolio_rubric', admin);
    expect(current.status).toBe(200);
    expect(current.body.data.attributes.customised).toBe(false);
    const languages = current.body.data.attributes.languages as string[];
    expect(languages.length).toBeGreaterThan(0);
    const named = (name: string) =>
      Object.fromEntries(languages.map((locale) => [locale, `${name} ${locale}`]));

    expect(
      (await r.put('/api/v1/portfolio_rubric', student, { criteria: [{ names: named('X') }] })).status,
    ).toBe(403);
    const none = await r.put('/api/v1/portfolio_rubric', admin, { criteria: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].source.pointer).toBe('/criteria');
    const eleven = await r.put('/api/v1/portfolio_rubric', admin, {
      criteria: Array.from({ length: 11 }, (_, index) => ({ names: named(`C${index}`) })),
    });
    expect(eleven.status).toBe(422);
    expect(eleven.body.errors[0].source.pointer).toBe('/criteria');
    const unnamed = await r.put('/api/v1/portfolio_rubric', admin, {
      criteria: [{ names: named('Safety') }, { names: { ...named('Care'), [languages[0]!]: '  ' } }],
    });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.errors[0]).toMatchObject({
      code: 'REQUIRED',
      source: { pointer: `/criteria/1/names/${languages[0]}` },
    });

    // A request sent before the change keeps its criteria.
    const item = await addReflection('private');
    const before = await r.post('/api/v1/feedback_requests', student, {
      item: { type: 'portfolio_items', id: item.id },
      email: 'before@workplace.test',
      name: 'Before',
    });
    const oldCriteria = before.body.data.attributes.criteria as string[];

    const saved = await r.put('/api/v1/portfolio_rubric', admin, {
      criteria: [{ names: named('Safety') }, { names: named('Care') }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({
      customised: true,
      criteria: [{ names: named('Safety') }, { names: named('Care') }],
    });
    const after = await r.post('/api/v1/feedback_requests', student, {
      item: { type: 'portfolio_items', id: item.id },
      email: 'after@workplace.test',
      name: 'After',
    });
    expect(after.body.data.attributes.criteria).toEqual([`Safety ${languages[0]}`, `Care ${languages[0]}`]);
    const list = await r.get('/api/v1/feedback_requests?page[size]=100', student);
    const kept = list.body.data.find((row: { id: string }) => row.id === before.body.data.id);
    expect(kept.attributes.criteria).toEqual(oldCriteria);

    // Saving twice at once leaves one rubric.
    await Promise.all([
      r.put('/api/v1/portfolio_rubric', admin, { criteria: [{ names: named('One') }] }),
      r.put('/api/v1/portfolio_rubric', admin, { criteria: [{ names: named('One') }] }),
    ]);
    const rows = await t.services.db
      .selectFrom('portal_parameters')
      .select('id')
      .where('portal_id', '=', portalId)
      .where('type', '=', 'portfolio_rubric')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
