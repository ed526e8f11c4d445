import { FILE_UPLOAD_MAX_BYTES } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, TEST_S3_CREDENTIALS } from '../../test/s3-server';
import type { TestS3Server } from '../../test/s3-server';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { s3Storage } from '../../storage/s3-storage';

let server: TestS3Server;
let t: TestApp;
let student: string;

beforeAll(async () => {
  server = await startS3Server();
  t = await createTestApp(
    {},
    { storage: s3Storage(server.location('files'), { credentials: TEST_S3_CREDENTIALS }) },
  );
  student = await t.login('student@leerpad.test');
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

const BOUNDARY = '----leerpad-test-boundary';

function multipart(name: string, contentType: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const upload = (body: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    headers: {
      ...XHR,
      cookie: student,
      host: 'localhost',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: body,
  });

describe('files in an S3 bucket', () => {
  it('holds the demo file, written there when the demo was created', async () => {
    expect(await server.objects()).toEqual([
      expect.stringMatching(/^files\/portal-\d+\/demo\/checklist-tillen\.pdf$/),
    ]);
  });

  it('stores an upload in the bucket and serves it back', async () => {
    const response = await upload(multipart('notes.txt', 'text/plain', Buffer.from('Lift with your legs.')));
    expect(response.statusCode).toBe(201);
    const file = response.json().data;
    expect(file.attributes).toMatchObject({ name: 'notes.txt', byte_size: 20 });
    expect(await server.objects()).toHaveLength(2);

    const download = await t.app.inject({
      url: file.attributes.url,
      headers: { cookie: student, host: 'localhost' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe('20');
    expect(download.body).toBe('Lift with your legs.');
  });

  it(`refuses a file over ${FILE_UPLOAD_MAX_BYTES} bytes with a 413 and leaves nothing in the bucket`, async () => {
    const before = await server.objects();
    const response = await upload(
      multipart('big.bin', 'application/octet-stream', Buffer.alloc(FILE_UPLOAD_MAX_BYTES + 1, 97)),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0]).toMatchObject({
      code: 'FILE_TOO_LARGE',
      meta: { max_bytes: FILE_UPLOAD_MAX_BYTES },
    });
    expect(await server.objects()).toEqual(before);
  }, 60_000);

  it('answers 404 when the content has gone from the bucket', async () => {
    const file = (await upload(multipart('gone.txt', 'text/plain', Buffer.from('soon gone')))).json().data;
    const stored = await t.services.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', Number(file.id))
      .executeTakeFirstOrThrow();
    await t.services.storage.remove(stored.storage_key);
    const download = await t.app.inject({
      url: file.attributes.url,
      headers: { cookie: student, host: 'localhost' },
    });
    expect(download.statusCode).toBe(404);
    expect(download.json().errors[0].code).toBe('FILE_MISSING');
  });
});

describe('deleting a file in an S3 bucket', () => {
  it('removes its object from the bucket', async () => {
    const response = await upload(multipart('gone.txt', 'text/plain', Buffer.from('Remove me.')));
    const before = await server.objects();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${response.json().data.id}`,
      headers: { ...XHR, cookie: student, host: 'localhost' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await server.objects()).toHaveLength(before.length - 1);
  });
});
