import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDiskStorage } from '../../storage/file-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { requests } from '../../test/requests';
import { BOUNDARY as SCORM_BOUNDARY, multipartZip, scormZip } from '../../test/scorm-packages';
import { EXPORTED_TABLES } from './catalogue';
import { rowsOf, unzip, zipOf } from './test-zip';

/**
 * A portal moves between installations: exported from one database, imported into a fresh one
 * (its own demo portals included), and the same portal comes out, on SQLite and on PostgreSQL.
 */
let source: TestApp;
let target: TestApp;
let zip: Buffer;
let entries: Map<string, Buffer>;
let academyId: number;
let secondId: number;
/**
 * Each installation has a file storage of its own: other suites delete demo files in the shared test
 * folder, and the target's shows what an import leaves there.
 */
const sourceFiles = mkdtempSync(join(tmpdir(), 'leerpad-export-source-'));
const targetFiles = mkdtempSync(join(tmpdir(), 'leerpad-import-target-'));
const storedFiles = () =>
  readdirSync(targetFiles, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

const BOUNDARY = '----leerpad-portal-import';

function form(content: Buffer, fields: Record<string, string> = {}): Buffer {
  return Buffer.concat([
    ...Object.entries(fields).map(([key, value]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="portal.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function importZip(app: TestApp, cookie: string, content: Buffer, fields: Record<string, string> = {}) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/v1/portal_imports',
    headers: {
      ...XHR,
      cookie,
      host: 'localhost',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: form(content, fields),
  });
  return { status: response.statusCode, body: JSON.parse(response.body), headers: response.headers };
}

async function exportPortal(app: TestApp, cookie: string, portalId: number, host = 'localhost') {
  const api = requests(app);
  const started = await api.post(`/api/v1/portals/${portalId}/exports`, cookie, undefined, host);
  expect(started.status).toBe(202);
  expect(started.body.data.attributes).toMatchObject({ status: 'queued', progress: 0, file_url: null });
  const url = `/api/v1/portals/${portalId}/exports/${started.body.data.id}`;
  const seen: number[] = [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const polled = await api.get(url, cookie, host);
    expect(polled.status).toBe(200);
    seen.push(polled.body.data.attributes.progress);
    if (polled.body.data.attributes.status === 'completed') return { export: polled.body.data, seen };
    expect(polled.body.data.attributes.status).not.toBe('failed');
    if (Date.now() > deadline) throw new Error('The export did not finish within a minute.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const portalOf = async (app: TestApp, name: string) =>
  (
    await app.services.db
      .selectFrom('portals')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

/** What a person would compare between the two portals, without ids. */
async function portalPicture(app: TestApp, portalId: number) {
  const db = app.services.db;
  const accounts = await db
    .selectFrom('accounts')
    .select([
      'id',
      'email',
      'full_name',
      'password_hash',
      'student_roles',
      'enrolment_count',
      'progress_percent',
    ])
    .where('portal_id', '=', portalId)
    .orderBy('email')
    .execute();
  const emailOf = new Map(accounts.map((account) => [account.id, account.email]));
  const roles = await db
    .selectFrom('account_roles')
    .innerJoin('accounts', 'accounts.id', 'account_roles.account_id')
    .select(['accounts.email', 'account_roles.role'])
    .where('accounts.portal_id', '=', portalId)
    .orderBy('accounts.email')
    .orderBy('account_roles.role')
    .execute();
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'title', 'status', 'summary'])
    .where('portal_id', '=', portalId)
    .orderBy('title')
    .execute();
  const titleOf = new Map(courses.map((course) => [course.id, course.title]));
  const outline = await db
    .selectFrom('learning_objects')
    .leftJoin('course_sections', 'course_sections.id', 'learning_objects.section_id')
    .select([
      'learning_objects.course_id',
      'course_sections.title as section',
      'learning_objects.title',
      'learning_objects.type',
      'learning_objects.position',
      'learning_objects.body',
    ])
    .where('learning_objects.portal_id', '=', portalId)
    .execute();
  const enrolments = await db
    .selectFrom('enrollments')
    .select(['account_id', 'course_id', 'status', 'progress_percent', 'completed_at'])
    .where('portal_id', '=', portalId)
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select(['account_id', 'state', 'total_cents', 'created_at'])
    .where('portal_id', '=', portalId)
    .execute();
  const portfolio = await db
    .selectFrom('portfolio_items')
    .select(['account_id', 'title', 'kind', 'file_ids', 'course_id'])
    .where('portal_id', '=', portalId)
    .execute();
  const fileRows = await db
    .selectFrom('files')
    .select(['id', 'name', 'storage_key', 'byte_size'])
    .where('portal_id', '=', portalId)
    .orderBy('name')
    .execute();
  const fileNames = new Map(fileRows.map((file) => [file.id, file.name]));
  const files = [];
  for (const file of fileRows) {
    const stored = await app.services.storage.read(file.storage_key);
    const chunks: Buffer[] = [];
    if (stored) for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    files.push({
      name: file.name,
      bytes: file.byte_size,
      sha256: createHash('sha256').update(Buffer.concat(chunks)).digest('hex'),
    });
  }
  const sorted = <T>(list: T[]) => list.map((item) => JSON.stringify(item)).sort();
  return {
    accounts: accounts.map(({ id: _id, ...account }) => account),
    roles,
    courses: courses.map(({ id: _id, ...course }) => course),
    outline: sorted(outline.map((object) => ({ ...object, course_id: titleOf.get(object.course_id) }))),
    enrolments: sorted(
      enrolments.map((enrolment) => ({
        ...enrolment,
        account_id: emailOf.get(enrolment.account_id),
        course_id: titleOf.get(enrolment.course_id),
      })),
    ),
    orders: sorted(orders.map((order) => ({ ...order, account_id: emailOf.get(order.account_id!) }))),
    portfolio: sorted(
      portfolio.map((item) => ({
        ...item,
        account_id: emailOf.get(item.account_id),
        course_id: item.course_id == null ? null : titleOf.get(item.course_id),
        file_ids: (JSON.parse(item.file_ids) as number[]).map((id) => fileNames.get(id)),
      })),
    ),
    files,
  };
}

/** Bytes of a stored object, or null when it is not there. */
async function storedBytes(app: TestApp, key: string): Promise<Buffer | null> {
  const stored = await app.services.storage.read(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The portal's SCORM packages (with their files' bytes), learners' SCORM data and its LRS, without ids. */
async function learningRecords(app: TestApp, portalId: number) {
  const db = app.services.db;
  const packages = await db
    .selectFrom('scorm_packages')
    .innerJoin('learning_objects', 'learning_objects.id', 'scorm_packages.learning_object_id')
    .select([
      'learning_objects.title as object',
      'scorm_packages.version',
      'scorm_packages.title',
      'scorm_packages.storage_prefix',
      'scorm_packages.files',
      'scorm_packages.manifest',
    ])
    .where('scorm_packages.portal_id', '=', portalId)
    .orderBy('learning_objects.title')
    .execute();
  const packageFiles = [];
  for (const pkg of packages) {
    const files = JSON.parse(pkg.files) as Array<{ path: string }>;
    for (const [index, file] of files.entries()) {
      const bytes = await storedBytes(app, `${pkg.storage_prefix}/${index}`);
      packageFiles.push({
        object: pkg.object,
        path: file.path,
        sha256: bytes && createHash('sha256').update(bytes).digest('hex'),
      });
    }
  }
  const attempts = await db
    .selectFrom('scorm_attempts')
    .innerJoin('enrollments', 'enrollments.id', 'scorm_attempts.enrollment_id')
    .innerJoin('accounts', 'accounts.id', 'enrollments.account_id')
    .innerJoin('learning_objects', 'learning_objects.id', 'scorm_attempts.learning_object_id')
    .select([
      'accounts.email',
      'learning_objects.title',
      'scorm_attempts.sco_identifier',
      'scorm_attempts.launches',
    ])
    .where('scorm_attempts.portal_id', '=', portalId)
    .orderBy('scorm_attempts.sco_identifier')
    .execute();
  const statements = await db
    .selectFrom('xapi_statements')
    .select(['id', 'verb_id', 'voided', 'target_id', 'statement', 'credential_id'])
    .where('portal_id', '=', portalId)
    .orderBy('seq')
    .execute();
  const mentions = await db
    .selectFrom('xapi_statement_mentions')
    .innerJoin('xapi_statements', 'xapi_statements.seq', 'xapi_statement_mentions.seq')
    .select(['xapi_statements.id', 'xapi_statement_mentions.kind', 'xapi_statement_mentions.key'])
    .where('xapi_statement_mentions.portal_id', '=', portalId)
    .execute();
  const documents = await db
    .selectFrom('xapi_documents')
    .select(['kind', 'subject', 'document_id', 'content_type', 'content', 'etag'])
    .where('portal_id', '=', portalId)
    .orderBy('document_id')
    .execute();
  const attachments = await db
    .selectFrom('xapi_attachments')
    .select(['sha2', 'content_type', 'content'])
    .where('portal_id', '=', portalId)
    .orderBy('sha2')
    .execute();
  const text = (value: string | object) => (typeof value === 'string' ? JSON.parse(value) : value);
  return {
    packages: packages.map(({ storage_prefix: _prefix, manifest, ...pkg }) => ({
      ...pkg,
      manifest: JSON.parse(manifest),
    })),
    packageFiles,
    attempts,
    statements: statements.map(({ statement, credential_id: _credential, ...row }) => ({
      ...row,
      statement: text(statement),
    })),
    mentions: mentions.map((mention) => JSON.stringify(mention)).sort(),
    documents: documents.map((document) => ({
      ...document,
      content: Buffer.from(document.content).toString('utf8'),
    })),
    attachments: attachments.map((attachment) => ({
      ...attachment,
      content: Buffer.from(attachment.content).toString('hex'),
    })),
  };
}

/** A SCORM package on a course of the academy, launched by a student, and a few xAPI statements. */
async function addLearningRecords(app: TestApp) {
  const api = requests(app);
  const admin = await app.login('admin@leerpad.test');
  const student = await app.login('student@leerpad.test');
  const course = (await api.post('/api/v1/courses', admin, { title: 'Packaged safety', status: 'published' }))
    .body.data.id as string;
  const section = (await api.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'Package' }))
    .body.data.id as string;
  const object = (
    await api.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
      kind: 'scorm',
      title: 'Lifting safely',
    })
  ).body.data.id as string;
  const uploaded = await app.app.inject({
    method: 'PUT',
    url: `/api/v1/learning_objects/${object}/scorm_package`,
    headers: {
      ...XHR,
      cookie: admin,
      host: 'localhost',
      'content-type': `multipart/form-data; boundary=${SCORM_BOUNDARY}`,
    },
    payload: multipartZip(scormZip('scorm12')),
  });
  expect(uploaded.statusCode).toBe(200);
  expect((await api.post(`/api/v1/courses/${course}/enrollments`, student)).status).toBe(201);
  const launched = await api.post(`/api/v1/learning_objects/${object}/scorm_launches`, student, {
    sco_identifier: 'item-basics',
  });
  expect(launched.status).toBe(200);

  const credential = await api.post('/api/v1/xapi_credentials', admin, {
    name: 'Authoring tool',
    scopes: ['statements/write', 'state'],
  });
  expect(credential.status).toBe(201);
  const { key, secret } = credential.body.data.attributes as { key: string; secret: string };
  const lrs = (method: 'POST' | 'PUT', url: string, body: unknown) =>
    app.app.inject({
      method,
      url: `/xapi/${url}`,
      headers: {
        host: 'localhost',
        authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`,
        'x-experience-api-version': '1.0.3',
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    });
  const actor = { objectType: 'Agent', name: 'Sam', mbox: 'mailto:student@leerpad.test' };
  const activity = (name: string) => ({ objectType: 'Activity', id: `https://leerpad.test/xapi/${name}` });
  const statements = [
    { actor, verb: { id: 'http://adlnet.gov/expapi/verbs/attempted' }, object: activity('lifting') },
    { actor, verb: { id: 'http://adlnet.gov/expapi/verbs/completed' }, object: activity('lifting') },
    {
      actor,
      verb: { id: 'http://adlnet.gov/expapi/verbs/passed' },
      object: activity('hazards'),
      result: { score: { scaled: 0.8 } },
    },
  ];
  const stored = await lrs('POST', 'statements', statements);
  expect(stored.statusCode, stored.body).toBe(200);
  const agent = encodeURIComponent(JSON.stringify(actor));
  const state = await lrs(
    'PUT',
    `activities/state?activityId=${encodeURIComponent(activity('lifting').id)}&agent=${agent}&stateId=bookmark`,
    { page: 3 },
  );
  expect(state.statusCode).toBe(204);
  // An attachment as the LRS keeps it (by its SHA-2), bytes that are not text.
  const attachment = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
  await app.services.db
    .insertInto('xapi_attachments')
    .values({
      portal_id: await portalOf(app, 'Leerpad Academy'),
      sha2: createHash('sha256').update(attachment).digest('hex'),
      content_type: 'image/png',
      content: attachment,
    })
    .execute();
}

/** Rows per exported table of the portal, counted in the database. */
async function countsOf(app: TestApp, portalId: number) {
  const db = app.services.db;
  const counts: Record<string, number> = {};
  for (const [table, spec] of Object.entries(EXPORTED_TABLES)) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let query = (db as any).selectFrom(table).select((eb: any) => eb.fn.countAll().as('total'));
    if (spec.scope === 'self') query = query.where('id', '=', portalId);
    else if (spec.scope === 'portal') query = query.where('portal_id', '=', portalId);
    else
      query = query.where(
        spec.scope.column,
        'in',
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        (db as any).selectFrom(spec.scope.parent).select('id').where('portal_id', '=', portalId),
      );
    counts[table] = Number((await query.executeTakeFirst()).total);
  }
  return counts;
}

beforeAll(async () => {
  [source, target] = await Promise.all([
    createTestApp({}, { storage: localDiskStorage(sourceFiles) }),
    createTestApp({}, { storage: localDiskStorage(targetFiles) }),
  ]);
  academyId = await portalOf(source, 'Leerpad Academy');
  secondId = await portalOf(source, 'Second Portal');
  await addLearningRecords(source);
}, 180_000);

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  rmSync(sourceFiles, { recursive: true, force: true });
  rmSync(targetFiles, { recursive: true, force: true });
});

describe('exporting a portal', () => {
  it('writes a zip with its manifest, a JSON file per table and the files, reporting progress to 100', async () => {
    const admin = await source.login('admin@leerpad.test');
    const { export: finished, seen } = await exportPortal(source, admin, academyId);
    expect(seen[seen.length - 1]).toBe(100);
    expect(finished.attributes.file_url).toBe(`/api/v1/portals/${academyId}/exports/${finished.id}/file`);
    const download = await source.app.inject({
      method: 'GET',
      url: finished.attributes.file_url,
      headers: { cookie: admin, host: 'localhost' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="portal-\d+-.*\.zip"$/);
    zip = download.rawPayload;
    entries = await unzip(zip);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest).toMatchObject({ format: 1, portal_id: academyId });
    expect(manifest.migration).toMatch(/^\d{14}_/);
    expect(manifest.counts).toEqual(await countsOf(source, academyId));
    expect(finished.attributes.counts).toMatchObject({
      accounts: manifest.counts.accounts,
      files: manifest.files,
    });
    for (const table of Object.keys(EXPORTED_TABLES)) expect(entries.has(`tables/${table}.json`)).toBe(true);
    // Every stored file of the portal, byte for byte.
    const files = rowsOf(entries, 'files');
    expect(files.length).toBeGreaterThan(0);
    expect(manifest.files).toBe(files.length);
    for (const file of files)
      expect(entries.get(`files/${String(file.storage_key)}`)?.length).toBe(file.byte_size);
    // The SCORM package's unpacked files, and the learning record store's rows.
    const [scormPackage] = rowsOf(entries, 'scorm_packages');
    const packageFiles = JSON.parse(String(scormPackage!.files)) as Array<{ size: number }>;
    expect(manifest.package_files).toBe(packageFiles.length);
    packageFiles.forEach((file, index) =>
      expect(entries.get(`files/${String(scormPackage!.storage_prefix)}/${index}`)?.length).toBe(file.size),
    );
    expect(manifest.missing_files).toBe(0);
    expect(manifest.counts).toMatchObject({
      scorm_packages: 1,
      scorm_attempts: 1,
      xapi_statements: 3,
      xapi_documents: 1,
      xapi_attachments: 1,
    });
    expect(entries.has('tables/xapi_credentials.json')).toBe(false);
    // The same zip loads into either database: statements as JSON text, bytes as base64.
    const statement = rowsOf(entries, 'xapi_statements')[0]!;
    expect(typeof statement.statement).toBe('string');
    expect(statement).toHaveProperty('seq');
    expect(rowsOf(entries, 'xapi_attachments')[0]!.content).toBe(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]).toString('base64'),
    );
  });

  it('holds no row of another portal and none of the secrets', async () => {
    for (const [table, spec] of Object.entries(EXPORTED_TABLES)) {
      for (const row of rowsOf(entries, table)) {
        if (spec.scope === 'portal') expect(row.portal_id, table).toBe(academyId);
        if (spec.scope === 'self') expect(row.id).toBe(academyId);
      }
    }
    const text = [...entries]
      .filter(([name]) => name.startsWith('tables/'))
      .map(([, content]) => content.toString('utf8'))
      .join('\n');
    expect(text).not.toContain('second-student@leerpad.test');
    expect(text).not.toContain('third-student@leerpad.test');
    const emails = rowsOf(entries, 'accounts').map((account) => account.email);
    expect(emails).toContain('student@leerpad.test');
    for (const table of [
      'sessions',
      'api_tokens',
      'payment_provider_settings',
      'portal_signing_keys',
      'registrations',
    ])
      expect(entries.has(`tables/${table}.json`), table).toBe(false);
    for (const webhook of rowsOf(entries, 'webhooks')) expect(webhook).not.toHaveProperty('secret');
    // Accounts keep their password hashes, so that they sign in after the move (decision 059).
    expect(
      rowsOf(entries, 'accounts').find((account) => account.email === 'student@leerpad.test')?.password_hash,
    ).toMatch(/^\$argon2id\$/);
  });

  it('is for the portal’s academy admin and platform staff: another portal’s admin gets 404, a student 403', async () => {
    const api = requests(source);
    const secondAdmin = await source.login('second-admin@leerpad.test', 'second.localhost');
    expect(
      (await api.post(`/api/v1/portals/${academyId}/exports`, secondAdmin, undefined, 'second.localhost'))
        .status,
    ).toBe(404);
    const own = await api.post(
      `/api/v1/portals/${secondId}/exports`,
      secondAdmin,
      undefined,
      'second.localhost',
    );
    expect(own.status).toBe(202);
    const academyExports = await api.get(
      `/api/v1/portals/${academyId}/exports`,
      await source.login('admin@leerpad.test'),
    );
    const someAcademyExport = academyExports.body.data[0].id;
    expect(
      (
        await api.get(
          `/api/v1/portals/${academyId}/exports/${someAcademyExport}`,
          secondAdmin,
          'second.localhost',
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await api.get(
          `/api/v1/portals/${academyId}/exports/${someAcademyExport}/file`,
          secondAdmin,
          'second.localhost',
        )
      ).status,
    ).toBe(404);
    // An export id of another portal under one's own portal is no export either.
    expect(
      (
        await api.get(
          `/api/v1/portals/${secondId}/exports/${someAcademyExport}`,
          secondAdmin,
          'second.localhost',
        )
      ).status,
    ).toBe(404);
    const student = await source.login('student@leerpad.test');
    expect((await api.post(`/api/v1/portals/${academyId}/exports`, student)).status).toBe(403);
  });
});

describe('importing a portal into another installation', () => {
  let importedId: number;

  it('refuses a domain of another portal: 409 naming the domain', async () => {
    const admin = await target.login('admin@leerpad.test');
    const before = await countsOf(target, academyId);
    const kept = await importZip(target, admin, zip);
    expect(kept.status).toBe(409);
    expect(kept.body.errors[0]).toMatchObject({
      code: 'DOMAIN_TAKEN',
      source: { pointer: '/domains/0' },
      meta: { domain: 'localhost' },
    });
    const taken = await importZip(target, admin, zip, { domains: 'moved.localhost, second.localhost' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toHaveLength(1);
    expect(taken.body.errors[0].source.pointer).toBe('/domains/1');
    expect(await countsOf(target, academyId)).toEqual(before);
  });

  it('loads the export as a new portal: same courses, accounts, enrolments, orders, portfolio and files', async () => {
    const admin = await target.login('admin@leerpad.test');
    const portalsBefore = await target.services.db.selectFrom('portals').select('id').execute();
    const imported = await importZip(target, admin, zip, { domains: 'moved.localhost' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    importedId = Number(imported.body.data.id);
    expect(portalsBefore.map((portal) => portal.id)).not.toContain(importedId);
    expect(imported.headers.location).toBe(`/api/v1/portals/${importedId}`);
    expect(imported.body.data.attributes).toMatchObject({
      name: 'Leerpad Academy',
      domains: ['moved.localhost'],
    });

    const counts = await countsOf(target, importedId);
    const exported = JSON.parse(entries.get('manifest.json')!.toString('utf8')).counts;
    expect({ ...counts, portal_domains: exported.portal_domains }).toEqual(exported);
    expect(await portalPicture(target, importedId)).toEqual(await portalPicture(source, academyId));
    const records = await learningRecords(target, importedId);
    expect(records).toEqual(await learningRecords(source, academyId));
    expect(records.packageFiles.length).toBeGreaterThan(0);
    for (const file of records.packageFiles) expect(file.sha256, file.path).not.toBeNull();
    expect(records.statements.map((statement) => statement.verb_id)).toEqual([
      'http://adlnet.gov/expapi/verbs/attempted',
      'http://adlnet.gov/expapi/verbs/completed',
      'http://adlnet.gov/expapi/verbs/passed',
    ]);
    // Their files under a prefix of the new portal's own, not the source's.
    const [moved] = await target.services.db
      .selectFrom('scorm_packages')
      .select('storage_prefix')
      .where('portal_id', '=', importedId)
      .execute();
    expect(moved!.storage_prefix).toMatch(/^imported\//);
  });

  it('lets the accounts sign in on the new domain with their own passwords and see their courses', async () => {
    const api = requests(target);
    const login = await target.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, host: 'moved.localhost' },
      payload: { email: 'student@leerpad.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = `leerpad_session=${login.cookies.find((c) => c.name === 'leerpad_session')?.value}`;
    const me = await api.get('/api/v1/me', cookie, 'moved.localhost');
    expect(me.status).toBe(200);
    expect(Number(me.body.data.id)).toBe(
      (
        await target.services.db
          .selectFrom('accounts')
          .select('id')
          .where('portal_id', '=', importedId)
          .where('email', '=', 'student@leerpad.test')
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect(me.body.data.attributes.roles).toEqual(['student']);
    // The unread badge is the exported one: counters kept by the app moved with the account.
    expect(me.body.meta.unread_notifications).toBe(42);
    const mine = await api.get('/api/v1/enrollments', cookie, 'moved.localhost');
    const sourceMine = await requests(source).get(
      '/api/v1/enrollments',
      await source.login('student@leerpad.test'),
    );
    expect(mine.status).toBe(200);
    expect(mine.body.meta.total).toBe(sourceMine.body.meta.total);
  });

  it('imports the same export again as yet another portal (new ids, new certificate codes where taken)', async () => {
    const admin = await target.login('admin@leerpad.test');
    const again = await importZip(target, admin, zip, { domains: 'again.localhost', name: 'Academy copy' });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data.attributes.name).toBe('Academy copy');
    expect(Number(again.body.data.id)).not.toBe(importedId);
  });
});

describe('a bad zip', () => {
  async function refused(content: Buffer, code: string) {
    const admin = await target.login('admin@leerpad.test');
    const portals = await target.services.db.selectFrom('portals').select('id').execute();
    const files = await target.services.db.selectFrom('files').select('id').execute();
    const stored = storedFiles();
    const answer = await importZip(target, admin, content, { domains: 'broken.localhost' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors[0]).toMatchObject({ code, source: { pointer: '/file' } });
    expect(await target.services.db.selectFrom('portals').select('id').execute()).toEqual(portals);
    expect(await target.services.db.selectFrom('files').select('id').execute()).toEqual(files);
    // Files written before the failure are removed again.
    expect(storedFiles()).toBe(stored);
    return answer.body.errors[0];
  }

  it('is refused when it is no zip at all', async () => {
    await refused(Buffer.from('just some text, not a zip'), 'EXPORT_NOT_ZIP');
  });

  it('is refused when a name leaves its folder (zip-slip)', async () => {
    const crafted = await zipOf([...entries, ['files/AAAAAAAAAA', Buffer.from('evil')]]);
    const slipped = Buffer.from(
      crafted.toString('latin1').replaceAll('files/AAAAAAAAAA', 'files/../../evil'),
      'latin1',
    );
    const error = await refused(slipped, 'EXPORT_UNSAFE_NAME');
    expect(error.meta.name).toBe('files/../../evil');
  });

  it('is refused when it unpacks to far more than it holds (zip bomb)', async () => {
    await refused(
      await zipOf([...entries, ['files/bomb', Buffer.alloc(30 * 1024 * 1024)]]),
      'EXPORT_TOO_LARGE',
    );
  });

  it('is refused with what was wrong when a row points at a record it does not hold, and leaves nothing behind', async () => {
    const enrolments = rowsOf(entries, 'enrollments').map((row, index) =>
      index === 0 ? { ...row, course_id: 999_999 } : row,
    );
    const broken = new Map(entries);
    broken.set(
      'tables/enrollments.json',
      Buffer.from(`[\n${enrolments.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`),
    );
    const error = await refused(await zipOf(broken), 'EXPORT_DANGLING');
    expect(error.detail).toContain('courses 999999');
  });

  it('is refused when a table has fewer rows than its manifest says', async () => {
    const broken = new Map(entries);
    const notes = rowsOf(entries, 'notifications').slice(1);
    broken.set(
      'tables/notifications.json',
      Buffer.from(`[\n${notes.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`),
    );
    await refused(await zipOf(broken), 'EXPORT_INCOMPLETE');
  });
});
