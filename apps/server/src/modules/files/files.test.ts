import { FILE_UPLOAD_MAX_BYTES } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningObjectId, requests } from '../../test/requests';
import { withFeaturesOff } from '../../test/features';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_OBJECTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
});
afterAll(async () => {
  // Uploads land in the shared test data directory; leave only the demo's own file behind.
  const uploads = await t.services.db
    .selectFrom('files')
    .select('storage_key')
    .where('storage_key', 'not like', '%/demo/%')
    .execute();
  for (const upload of uploads) await t.services.storage.remove(upload.storage_key);
  await t.close();
});

const BOUNDARY = '----leerpad-test-boundary';

function multipart(name: string, contentType: string, content: Buffer, field = 'file'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const upload = (cookie: string, body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    headers: { ...XHR, cookie, host: 'localhost', 'content-type': contentType },
    payload: body,
  });

const fileCount = async () =>
  Number(
    (
      await t.services.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('uploading', () => {
  it('stores a file and gives its download address; the uploader downloads it', async () => {
    const response = await upload(
      student,
      multipart('../../etc/My notes.txt', 'text/plain', Buffer.from('Lift with your legs.')),
    );
    expect(response.statusCode).toBe(201);
    const file = response.json().data;
    expect(file.attributes).toMatchObject({
      name: 'My notes.txt',
      content_type: 'text/plain',
      byte_size: 20,
      url: `/api/v1/files/${file.id}/content`,
    });
    const download = await t.app.inject({
      url: file.attributes.url,
      headers: { cookie: student, host: 'localhost' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('Lift with your legs.');
    expect(download.headers['content-type']).toBe('text/plain');
    expect(download.headers['content-disposition']).toMatch(/^inline; filename="My notes.txt"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves an uploaded page as a page of ours', async () => {
    const response = await upload(
      student,
      multipart('x.html', 'text/html', Buffer.from('<script>alert(1)</script>')),
    );
    const download = await t.app.inject({
      url: response.json().data.attributes.url,
      headers: { cookie: student, host: 'localhost' },
    });
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it(`refuses a file over ${FILE_UPLOAD_MAX_BYTES} bytes with a 413 and keeps nothing`, async () => {
    const before = await fileCount();
    const response = await upload(
      student,
      multipart('big.bin', 'application/octet-stream', Buffer.alloc(FILE_UPLOAD_MAX_BYTES + 1, 97)),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0]).toMatchObject({
      code: 'FILE_TOO_LARGE',
      source: { pointer: '/file' },
      meta: { max_bytes: FILE_UPLOAD_MAX_BYTES },
    });
    expect(await fileCount()).toBe(before);
    // A declared size far over the cap is refused before reading.
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: {
        ...XHR,
        cookie: student,
        host: 'localhost',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(FILE_UPLOAD_MAX_BYTES * 2),
      },
      payload: multipart('a.txt', 'text/plain', Buffer.from('a')),
    });
    expect(declared.statusCode).toBe(413);
  }, 60_000);

  it('accepts a file of exactly the cap', async () => {
    const response = await upload(
      student,
      multipart('exact.bin', 'application/octet-stream', Buffer.alloc(FILE_UPLOAD_MAX_BYTES, 98)),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes.byte_size).toBe(FILE_UPLOAD_MAX_BYTES);
    const stored = await t.services.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', Number(response.json().data.id))
      .executeTakeFirstOrThrow();
    await t.services.storage.remove(stored.storage_key);
  }, 60_000);

  it('explains what it needs: multipart, a field named file, something in it', async () => {
    const json = await r.post('/api/v1/files', student, { file: 'x' });
    expect(json.status).toBe(415);
    const wrongField = await upload(student, multipart('a.txt', 'text/plain', Buffer.from('a'), 'document'));
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors[0].source.pointer).toBe('/file');
    const empty = await upload(student, multipart('a.txt', 'text/plain', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(422);
    const broken = await upload(
      student,
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"`),
    );
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('needs the account_files feature', async () => {
    await withFeaturesOff(t, 1, ['account_files'], async () => {
      const response = await upload(student, multipart('a.txt', 'text/plain', Buffer.from('a')));
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('FEATURE_DISABLED');
    });
  });
});

describe('who may download', () => {
  it("keeps one student's upload from another, not from staff", async () => {
    const file = (await upload(student, multipart('private.txt', 'text/plain', Buffer.from('mine')))).json()
      .data;
    const nosub = await t.login('nosub-student@leerpad.test');
    expect((await r.get(`/api/v1/files/${file.id}/content`, nosub)).status).toBe(404);
    expect((await r.get(`/api/v1/files/${file.id}`, nosub)).status).toBe(404);
    expect((await r.get(`/api/v1/files/${file.id}`, admin)).status).toBe(200);
  });

  it('lets enrolled students download the files of their course, and nobody else', async () => {
    const object = await learningObjectId(t, ACADEMY_OBJECTS.file);
    const { body } = await r.get(`/api/v1/learning_objects/${object}?include=file`, student);
    const url = body.included[0].attributes.url;
    const download = await t.app.inject({ url, headers: { cookie: student, host: 'localhost' } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.body.startsWith('%PDF-1.4')).toBe(true);
    const nosub = await t.login('nosub-student@leerpad.test');
    expect((await r.get(url, nosub)).status).toBe(404);
  });

  it('uses an uploaded image as a course cover, visible to every student once published', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2c1f10000000049454e44ae426082',
      'hex',
    );
    const image = (await upload(admin, multipart('cover.png', 'image/png', png))).json().data;
    const text = (await upload(admin, multipart('cover.txt', 'text/plain', Buffer.from('no')))).json().data;
    const refused = await r.post('/api/v1/courses', admin, {
      title: 'Covered',
      cover_file: { type: 'files', id: text.id },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].source.pointer).toBe('/cover_file');
    const course = await r.post('/api/v1/courses', admin, {
      title: 'Covered',
      cover_file: { type: 'files', id: image.id },
      status: 'published',
    });
    expect(course.body.data.attributes.cover_image_url).toBe(`/api/v1/files/${image.id}/content`);
    // The course as read goes back with a new title: the cover's own address changes nothing.
    const retitled = await r.patch(`/api/v1/courses/${course.body.data.id}`, admin, {
      data: { ...course.body.data, attributes: { ...course.body.data.attributes, title: 'Covered again' } },
    });
    expect(retitled.status).toBe(200);
    expect(retitled.body.data.attributes).toMatchObject({
      title: 'Covered again',
      cover_image_url: `/api/v1/files/${image.id}/content`,
    });
    expect(retitled.body.data.relationships.cover_file.data).toEqual({ type: 'files', id: image.id });
    const nosub = await t.login('nosub-student@leerpad.test');
    expect((await r.get(`/api/v1/files/${image.id}/content`, nosub)).status).toBe(200);
  });
});

describe('what an upload may be', () => {
  it('refuses two files in one request and keeps neither', async () => {
    const before = await fileCount();
    const first = multipart('a.txt', 'text/plain', Buffer.from('first'));
    const second = multipart('b.txt', 'text/plain', Buffer.from('second'));
    // One body with two file parts: the first part's closing boundary opens the second.
    const both = Buffer.concat([first.subarray(0, first.length - `--${BOUNDARY}--\r\n`.length), second]);
    const response = await upload(student, both);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      source: { pointer: '/file' },
      code: 'ONE_FILE_PER_REQUEST',
    });
    expect(await fileCount()).toBe(before);
  });
});

describe('storage quotas', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ quotaAccountBytes: 100, quotaPortalBytes: 10_000_000_000 });
  });
  afterAll(async () => {
    const uploads = await small.services.db
      .selectFrom('files')
      .select('storage_key')
      .where('storage_key', 'not like', '%/demo/%')
      .execute();
    for (const upload of uploads) await small.services.storage.remove(upload.storage_key);
    await small.close();
  });

  const uploadTo = (app: TestApp, cookie: string, body: Buffer) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: {
        ...XHR,
        cookie,
        host: 'localhost',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: body,
    });

  it('lets an account fill its quota and then answers 413 saying so, keeping nothing', async () => {
    const cookie = await small.login('classmate@leerpad.test');
    const fits = await uploadTo(
      small,
      cookie,
      multipart('a.bin', 'application/octet-stream', Buffer.alloc(60, 1)),
    );
    expect(fits.statusCode).toBe(201);
    const over = await uploadTo(
      small,
      cookie,
      multipart('b.bin', 'application/octet-stream', Buffer.alloc(60, 2)),
    );
    expect(over.statusCode).toBe(413);
    expect(over.json().errors[0]).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      source: { pointer: '/file' },
      meta: { scope: 'account', limit_bytes: 100, used_bytes: 60 },
    });
    const mine = await small.services.db
      .selectFrom('files')
      .select('byte_size')
      .where('account_id', '=', await small.accountId('classmate@leerpad.test'))
      .execute();
    expect(mine.map((file) => file.byte_size)).toEqual([60]);
    // Another account of the portal still has its own room.
    const other = await small.login('author@leerpad.test');
    expect(
      (await uploadTo(small, other, multipart('c.bin', 'application/octet-stream', Buffer.alloc(60, 3))))
        .statusCode,
    ).toBe(201);
  });

  it("refuses an upload once the portal's quota is used up", async () => {
    const tight = await createTestApp({ quotaAccountBytes: 1_000_000, quotaPortalBytes: 1 });
    try {
      const cookie = await tight.login('classmate@leerpad.test');
      const response = await uploadTo(
        tight,
        cookie,
        multipart('a.bin', 'application/octet-stream', Buffer.alloc(10, 1)),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().errors[0].meta.scope).toBe('portal');
    } finally {
      await tight.close();
    }
  });
});

describe('deleting', () => {
  const remove = (cookie: string, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${id}`,
      headers: { ...XHR, cookie, host: 'localhost' },
    });
  const storageKey = async (id: string) =>
    (
      await t.services.db
        .selectFrom('files')
        .select('storage_key')
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow()
    ).storage_key;

  it('lets the uploader delete a file, reclaiming its storage; others may not', async () => {
    const uploaded = (
      await upload(student, multipart('old.txt', 'text/plain', Buffer.from('Out of date.')))
    ).json().data;
    const key = await storageKey(uploaded.id);
    const classmate = await t.login('classmate@leerpad.test');
    // The classmate may not see it at all; staff may see it, not delete it.
    expect((await remove(classmate, uploaded.id)).statusCode).toBe(404);
    const refused = await remove(admin, uploaded.id);
    expect(refused.statusCode).toBe(403);
    expect(await t.services.storage.read(key)).not.toBeNull();

    const deleted = await remove(student, uploaded.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ meta: { deleted: true } });
    const gone = await t.app.inject({
      url: uploaded.attributes.url,
      headers: { cookie: student, host: 'localhost' },
    });
    expect(gone.statusCode).toBe(404);
    expect(await t.services.storage.read(key)).toBeNull();
    expect((await remove(student, uploaded.id)).statusCode).toBe(404);
  });

  it('refuses to delete a file that a course uses as its cover', async () => {
    const uploaded = (
      await upload(student, multipart('cover.txt', 'text/plain', Buffer.from('Cover.')))
    ).json().data;
    const course = await t.services.db
      .selectFrom('courses')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await t.services.db
      .selectFrom('courses')
      .select('cover_file_id')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    await t.services.db
      .updateTable('courses')
      .set({ cover_file_id: Number(uploaded.id) })
      .where('id', '=', course.id)
      .execute();
    try {
      const refused = await remove(student, uploaded.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0]).toMatchObject({ code: 'FILE_IN_USE', meta: { used_by: ['course'] } });
      expect(await t.services.storage.read(await storageKey(uploaded.id))).not.toBeNull();
    } finally {
      await t.services.db
        .updateTable('courses')
        .set({ cover_file_id: before.cover_file_id })
        .where('id', '=', course.id)
        .execute();
    }
    expect((await remove(student, uploaded.id)).statusCode).toBe(200);
  });

  it('deletes once when two deletions of the same file arrive together', async () => {
    const uploaded = (
      await upload(student, multipart('twice.txt', 'text/plain', Buffer.from('Twice.')))
    ).json().data;
    const statuses = (await Promise.all([remove(student, uploaded.id), remove(student, uploaded.id)]))
      .map((response) => response.statusCode)
      .sort();
    expect(statuses).toEqual([200, 404]);
  });
});

describe('downloads of binary files', () => {
  it('are sent as they are, not compressed on the fly', async () => {
    const uploaded = (
      await upload(student, multipart('data.bin', 'application/octet-stream', Buffer.alloc(64 * 1024, 120)))
    ).json().data;
    const download = await t.app.inject({
      url: uploaded.attributes.url,
      headers: { cookie: student, host: 'localhost', 'accept-encoding': 'br, gzip' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.length).toBe(64 * 1024);
    // JSON answers still are.
    const list = await t.app.inject({
      url: '/api/v1/courses?page[size]=25',
      headers: { cookie: student, host: 'localhost', 'accept-encoding': 'br, gzip' },
    });
    expect(list.headers['content-encoding']).toBe('br');
  });
});
