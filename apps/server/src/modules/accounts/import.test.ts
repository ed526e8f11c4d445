import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { until } from '../../test/wait';
import { sendOutbox, validateLines } from './import';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
});
afterAll(() => t.close());

const BOUNDARY = '----leerpad-import-boundary';

function form(content: Buffer | string, fields: Record<string, string> = {}, name = 'accounts.csv'): Buffer {
  const parts = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  return Buffer.concat([
    ...parts,
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const post = (cookie: string, body: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/account_imports',
    headers: {
      ...XHR,
      cookie,
      host: 'localhost',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: body,
  });

interface ImportDoc {
  data: {
    id: string;
    attributes: {
      status: string;
      rows_done: number;
      total_rows: number;
      created_count: number;
      updated_count: number;
      errors: Array<{ line: number; column: string | null; reason: string }>;
    };
  };
}

async function importAndWait(body: Buffer): Promise<ImportDoc['data']['attributes']> {
  const started = await post(admin, body);
  expect(started.statusCode).toBe(202);
  const id = (started.json() as ImportDoc).data.id;
  let last: ImportDoc['data']['attributes'] | null = null;
  const poll = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account_imports/${id}`,
      headers: { ...XHR, cookie: admin, host: 'localhost' },
    });
    last = (response.json() as ImportDoc).data.attributes;
  };
  await poll();
  const started_ = Date.now();
  while (last!.status !== 'completed' && last!.status !== 'failed') {
    if (Date.now() - started_ > 20_000) throw new Error('The import did not finish.');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await poll();
  }
  return last!;
}

const accountByEmail = (email: string) =>
  t.services.db
    .selectFrom('accounts')
    .select(['id', 'full_name', 'locale'])
    .where('email', '=', email)
    .executeTakeFirst();

describe('the invitations of an import', () => {
  it('are handed to the mailer once each, however many senders work the outbox at once, before the import completes', async () => {
    const mailBefore = t.mail.length;
    const lines = ['email,full_name'];
    for (let index = 0; index < 120; index += 1) lines.push(`outbox-${index}@leerpad.test,Outbox ${index}`);
    const started = await post(admin, form(lines.join('\n')));
    expect(started.statusCode).toBe(202);
    const id = (started.json() as ImportDoc).data.id;
    const status = async () =>
      (
        await t.services.db
          .selectFrom('account_imports')
          .select('status')
          .where('id', '=', Number(id))
          .executeTakeFirstOrThrow()
      ).status;
    await until(() => t.mail.length > mailBefore, 15_000, 'the first invitation');
    // Three more senders beside the job, as several instances would be.
    await Promise.all([sendOutbox(t.services), sendOutbox(t.services), sendOutbox(t.services)]);
    let current = await status();
    for (let tries = 0; current !== 'completed' && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await status();
    }
    expect(current).toBe('completed');
    const invitations = t.mail.slice(mailBefore).filter((message) => message.to.includes('@leerpad.test>'));
    const recipients = invitations.map((message) => /<(.*)>/.exec(message.to)![1]);
    expect(recipients.filter((email) => email!.startsWith('outbox-')).length).toBe(120);
    expect(new Set(recipients).size).toBe(recipients.length);
    const unsent = await t.services.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('batch', '=', `account_import:${id}`)
      .where('sent_at', 'is', null)
      .execute();
    expect(unsent).toEqual([]);
  }, 60_000);
});

describe('importing accounts from CSV', () => {
  it('imports every line, with roles and language, mails invitations, and audits it', async () => {
    const mailBefore = t.mail.length;
    const result = await importAndWait(
      form(
        'email,full_name,roles,locale\nimp.one@leerpad.test,Import Een,student,nl\nIMP.Two@Leerpad.test,Import Twee,coach;student,\n',
      ),
    );
    expect(result).toMatchObject({ status: 'completed', total_rows: 2, rows_done: 2, created_count: 2 });
    expect(result.errors).toEqual([]);
    const two = await accountByEmail('imp.two@leerpad.test');
    expect(two?.full_name).toBe('Import Twee');
    const roles = await t.services.db
      .selectFrom('account_roles')
      .select('role')
      .where('account_id', '=', two!.id)
      .execute();
    expect(roles.map((role) => role.role).sort()).toEqual(['coach', 'student']);
    await until(() => t.mail.length >= mailBefore + 2, 10_000, 'two invitations');
    expect(t.mail.slice(mailBefore).some((message) => message.to.includes('imp.one@leerpad.test'))).toBe(
      true,
    );
    const audit = await t.services.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'account_import.completed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ created: 2, updated: 0 });
  });

  it('imports nothing when one line is bad, and lists every bad line with its field', async () => {
    const result = await importAndWait(
      form(
        [
          'email,full_name,roles,locale',
          'good.one@leerpad.test,Good One,student,en',
          'not-an-address,Bad Mail,student,en',
          'good.two@leerpad.test,Wizard,wizard,en',
          'good.three@leerpad.test,Klingon,student,tlh',
          'GOOD.ONE@leerpad.test,Twice,student,en',
          'student@leerpad.test,Already There,student,en',
        ].join('\n'),
      ),
    );
    expect(result.status).toBe('failed');
    expect(result.errors.map((error) => [error.line, error.column])).toEqual([
      [3, 'email'],
      [4, 'roles'],
      [5, 'locale'],
      [6, 'email'],
      [7, 'email'],
    ]);
    expect(result.errors[3]!.reason).toContain('line 2');
    expect(await accountByEmail('good.one@leerpad.test')).toBeUndefined();
  });

  it('updates existing accounts matched on e-mail in any case, and refuses unknown ones in update mode', async () => {
    const updated = await importAndWait(
      form('E-mail,Naam\nIMP.ONE@LEERPAD.TEST,Import Een Bijgewerkt\n', { mode: 'update' }),
    );
    expect(updated).toMatchObject({ status: 'completed', updated_count: 1, created_count: 0 });
    expect((await accountByEmail('imp.one@leerpad.test'))?.full_name).toBe('Import Een Bijgewerkt');

    const unknown = await importAndWait(
      form('email,full_name\nnobody.here@leerpad.test,Nobody\n', { mode: 'update' }),
    );
    expect(unknown.status).toBe('failed');
    expect(unknown.errors[0]).toMatchObject({ line: 2, column: 'email' });

    const upsert = await importAndWait(
      form('mail address,who\nimp.one@leerpad.test,Import Een\nimp.three@leerpad.test,Import Drie\n', {
        mode: 'upsert',
        mapping: JSON.stringify({ email: 'mail address', full_name: 'who' }),
      }),
    );
    expect(upsert).toMatchObject({ status: 'completed', created_count: 1, updated_count: 1 });
  });

  it('refuses a role the importer may not give', async () => {
    const portal = await t.services.db
      .selectFrom('accounts')
      .select('portal_id')
      .where('email', '=', 'admin@leerpad.test')
      .executeTakeFirstOrThrow();
    const checked = await validateLines(
      t.services.db,
      (await t.services.portals.findById(portal.portal_id))!.id,
      ['support'],
      'create',
      ['email', 'full_name', 'roles'],
      { email: 'email', full_name: 'full_name', roles: 'roles' },
      [{ line: 2, cells: ['x.admin@leerpad.test', 'X', 'admin'] }],
    );
    expect(checked.errors).toEqual([
      { line: 2, column: 'roles', reason: 'You may not give the role "admin".' },
    ]);
  });

  it('refuses a file that is not UTF-8 or has no header row, and imports nothing', async () => {
    const latin1 = Buffer.from('email,full_name\nfrancois@leerpad.test,Fran\xe7ois\n', 'latin1');
    const badEncoding = await post(admin, form(latin1));
    expect(badEncoding.statusCode).toBe(422);
    expect(badEncoding.json().errors[0]).toMatchObject({
      code: 'CSV_ENCODING',
      source: { pointer: '/file' },
    });

    const noHeader = await post(admin, form('francois@leerpad.test,Francois,student\n'));
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().errors[0]).toMatchObject({ code: 'CSV_NO_HEADER', source: { pointer: '/file' } });

    const noEmailColumn = await post(admin, form('name\nFrancois\n'));
    expect(noEmailColumn.statusCode).toBe(422);
    expect(noEmailColumn.json().errors[0].source.pointer).toBe('/mapping/email');

    const badMode = await post(admin, form('email\na@b.test\n', { mode: 'replace' }));
    expect(badMode.statusCode).toBe(422);
    expect(badMode.json().errors[0].source.pointer).toBe('/mode');
    expect(await accountByEmail('francois@leerpad.test')).toBeUndefined();
  });

  it('is for staff who manage accounts only', async () => {
    expect((await post(student, form('email\na@b.test\n'))).statusCode).toBe(403);
  });
});
