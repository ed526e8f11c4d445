import { ACCOUNT_ROLE_NAMES, LANGUAGES, canGrantRole, parseCsv } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import type { Kysely } from 'kysely';
import type { Database, Executor, PortalScope } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import type { OutboxRow } from '../../mail/outbox';
import type { AccountImportMode, AccountImportRow } from '../../db/schema-accounts';
import type { Services } from '../../context/services';
import { Invalid, NotFound } from '../../domain/errors';
import { portalLanguage } from '../../http/locale';
import { defineJob } from '../../jobs/job-definition';
import { recordAudit } from '../audit/service';
import {
  drainOutbox,
  MAIL_OUTBOX_JOB,
  queueAccountMail,
  releaseOutboxClaims,
  unsentIn,
  wakeOutbox,
} from '../../mail/outbox';
import { invitationMessages, normaliseEmail } from './administration';
import type { Actor } from './administration';

export const ACCOUNT_IMPORT = 'account_import';
/** The outbox kind of an invitation: its link is made when it is sent. */
export const ACCOUNT_INVITATION = 'account_invitation';
const importBatch = (id: number) => `account_import:${id}`;
/** The account fields a column can fill. */
export const IMPORT_FIELDS = ['email', 'full_name', 'roles', 'locale'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ImportMapping = Partial<Record<ImportField, string>>;
export const IMPORT_MAX_ROWS = 50_000;
const CHUNK = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Header names that map to a field without the importer choosing (lower case, any language we speak). */
const HEADER_ALIASES: Record<ImportField, string[]> = {
  email: ['email', 'e-mail', 'email_address', 'e-mailadres', 'emailadres', 'mail'],
  full_name: ['full_name', 'name', 'full name', 'naam', 'volledige naam', 'nume', 'nume complet'],
  roles: ['roles', 'role', 'rol', 'rollen', 'rol(uri)', 'roluri'],
  locale: ['locale', 'language', 'taal', 'limba', 'limbă'],
};

export interface ImportLineError {
  line: number;
  column: string | null;
  reason: string;
}

/** Reads the upload as UTF-8 text, or refuses it as a whole: bad bytes or no header row. */
export function readCsv(bytes: Buffer): { header: string[]; rows: Array<{ line: number; cells: string[] }> } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Invalid([
      {
        pointer: '/file',
        code: 'CSV_ENCODING',
        detail: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
      },
    ]);
  }
  const table = parseCsv(text);
  const header = table.header.map((name) => name.trim());
  const known = header.some((name) =>
    Object.values(HEADER_ALIASES).some((aliases) => aliases.includes(name.toLowerCase())),
  );
  if (header.length === 0 || header.every((name) => name === '') || (!known && looksLikeData(header))) {
    throw new Invalid([
      {
        pointer: '/file',
        code: 'CSV_NO_HEADER',
        detail:
          'The first line of the file must name the columns, for example "email,full_name,roles,locale".',
      },
    ]);
  }
  return { header, rows: table.rows };
}

/** A first row with an e-mail address in it is data, not column names. */
const looksLikeData = (cells: string[]) => cells.some((cell) => EMAIL.test(cell.trim()));

/** The mapping the importer gave, completed by matching header names. */
export function resolveMapping(header: string[], given: ImportMapping): ImportMapping {
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const chosen = given[field];
    if (chosen !== undefined) {
      if (chosen !== '') mapping[field] = chosen;
      continue;
    }
    const match = header.find((name) => HEADER_ALIASES[field].includes(name.toLowerCase()));
    if (match) mapping[field] = match;
  }
  const missing = IMPORT_FIELDS.filter(
    (field) => mapping[field] !== undefined && !header.includes(mapping[field]!),
  );
  const errors: Array<{ pointer: string; code: string; detail: string; meta?: Record<string, unknown> }> =
    missing.map((field) => ({
      pointer: `/mapping/${field}`,
      code: 'COLUMN_NOT_FOUND',
      detail: `The file has no column "${mapping[field]}".`,
      meta: { column: mapping[field] },
    }));
  if (mapping.email === undefined) {
    errors.push({
      pointer: '/mapping/email',
      code: 'COLUMN_REQUIRED',
      detail: 'Choose the column that holds the e-mail addresses.',
    });
  }
  if (errors.length > 0) throw new Invalid(errors);
  return mapping;
}

/** Stores the upload and queues its import; the import reports its progress on the row. */
export async function startImport(
  services: Services,
  scope: PortalScope,
  actor: Actor,
  input: { fileName: string; bytes: Buffer; mapping: ImportMapping; mode: AccountImportMode },
): Promise<AccountImportRow> {
  const { header, rows } = readCsv(input.bytes);
  const mapping = resolveMapping(header, input.mapping);
  if (rows.length === 0) {
    throw new Invalid([{ pointer: '/file', code: 'CSV_EMPTY', detail: 'The file has no lines to import.' }]);
  }
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new Invalid([
      {
        pointer: '/file',
        code: 'CSV_TOO_LONG',
        detail: `Import at most ${IMPORT_MAX_ROWS} lines at a time.`,
        meta: { maximum: IMPORT_MAX_ROWS },
      },
    ]);
  }
  const row = await services.db
    .insertInto('account_imports')
    .values({
      portal_id: scope,
      created_by: actor.id,
      file_name: input.fileName.slice(0, 200),
      mode: input.mode,
      mapping: JSON.stringify(mapping),
      content: input.bytes.toString('utf8'),
      status: 'queued',
      total_rows: rows.length,
      rows_done: 0,
      created_count: 0,
      updated_count: 0,
      report: '[]',
      created_at: nowIso(),
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await services.jobs.enqueue(
    ACCOUNT_IMPORT,
    { importId: row.id },
    { singletonKey: `account-import-${row.id}` },
  );
  return row;
}

export async function findImport(db: Executor, scope: PortalScope, id: number): Promise<AccountImportRow> {
  const row = await db
    .selectFrom('account_imports')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('account_import');
  return row;
}

/**
 * Progress counted inside the import's transaction, which other connections cannot see yet: the
 * process running the import keeps it here, and the GET of the same process shows it.
 */
const liveProgress = new Map<number, number>();
export const progressOf = (row: AccountImportRow) =>
  row.status === 'importing' || row.status === 'validating'
    ? Math.max(row.rows_done, liveProgress.get(row.id) ?? 0)
    : row.rows_done;

interface ParsedLine {
  line: number;
  email: string;
  fullName: string | null;
  roles: string[] | null;
  locale: string | null;
}

/** Checks every line; returns the lines to import, or every bad line. */
export async function validateLines(
  db: Executor,
  scope: PortalScope,
  actorRoles: readonly string[],
  mode: AccountImportMode,
  header: string[],
  mapping: ImportMapping,
  rows: Array<{ line: number; cells: string[] }>,
): Promise<{ lines: ParsedLine[]; errors: ImportLineError[]; existing: Map<string, number> }> {
  const index = (field: ImportField) => (mapping[field] === undefined ? -1 : header.indexOf(mapping[field]!));
  const columns = {
    email: index('email'),
    full_name: index('full_name'),
    roles: index('roles'),
    locale: index('locale'),
  };
  const existing = new Map<string, number>();
  for (const account of await db
    .selectFrom('accounts')
    .select(['id', 'email'])
    .where('portal_id', '=', scope)
    .execute()) {
    if (account.email) existing.set(normaliseEmail(account.email), account.id);
  }
  const errors: ImportLineError[] = [];
  const lines: ParsedLine[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const cell = (column: number) => (column < 0 ? null : (row.cells[column] ?? '').trim());
    const fail = (column: ImportField, reason: string) => errors.push({ line: row.line, column, reason });
    const before = errors.length;
    const rawEmail = cell(columns.email) ?? '';
    const email = normaliseEmail(rawEmail);
    if (!EMAIL.test(email) || email.length > 254) {
      fail(
        'email',
        rawEmail === '' ? 'The e-mail address is missing.' : `"${rawEmail}" is not a valid e-mail address.`,
      );
    } else if (seen.has(email)) {
      fail('email', `${email} is also on line ${seen.get(email)}.`);
    } else {
      seen.set(email, row.line);
      if (mode === 'create' && existing.has(email)) fail('email', `An account with ${email} already exists.`);
      if (mode === 'update' && !existing.has(email)) fail('email', `No account with ${email} exists.`);
    }
    const fullName = cell(columns.full_name);
    const isNew = !existing.has(email);
    if (isNew && (fullName === null || fullName === '')) fail('full_name', 'A new account needs a name.');
    if (fullName !== null && fullName.length > 200)
      fail('full_name', 'The name is longer than 200 characters.');
    const rolesCell = cell(columns.roles);
    let roles: string[] | null = null;
    if (rolesCell !== null && rolesCell !== '') {
      roles = [
        ...new Set(
          rolesCell
            .split(/[;|]/)
            .map((role) => role.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      for (const role of roles) {
        if (!(ACCOUNT_ROLE_NAMES as readonly string[]).includes(role))
          fail('roles', `"${role}" is not a role.`);
        else if (!canGrantRole(actorRoles, role)) fail('roles', `You may not give the role "${role}".`);
      }
    } else if (isNew) {
      roles = ['student'];
    }
    const localeCell = cell(columns.locale);
    const locale = localeCell === null || localeCell === '' ? null : localeCell.toLowerCase();
    if (locale !== null && !(LANGUAGES as readonly string[]).includes(locale)) {
      fail('locale', `"${localeCell}" is not a language; use ${LANGUAGES.join(', ')}.`);
    }
    if (errors.length === before) lines.push({ line: row.line, email, fullName, roles, locale });
  }
  return { lines, errors, existing };
}

async function setProgress(services: Services, id: number, done: number) {
  liveProgress.set(id, done);
  // PostgreSQL: another connection can show it to every instance; SQLite has one connection, held by the import.
  if (services.dialect === 'postgres') {
    await services.db.updateTable('account_imports').set({ rows_done: done }).where('id', '=', id).execute();
  }
}

/** Ends an import that is still running (a repeated run never overwrites a finished one). */
async function finish(
  db: Kysely<Database>,
  id: number,
  values: Partial<
    Pick<AccountImportRow, 'status' | 'rows_done' | 'created_count' | 'updated_count' | 'report'>
  >,
) {
  await db
    .updateTable('account_imports')
    .set({ ...values, content: '', finished_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'validating', 'importing'])
    .execute();
}

/**
 * The job: validate every line, then import all of them in one transaction, or none. The same
 * transaction writes one outbox row per invitation and moves the import on to `inviting`; the
 * outbox sends them, and the import is `completed` once the last one is handed to the mailer
 * (decision 055). A run killed before the commit left nothing, and the job's retry starts again.
 */
export async function runImport(services: Services, importId: number): Promise<void> {
  const db = services.db;
  const row = await db
    .selectFrom('account_imports')
    .selectAll()
    .where('id', '=', importId)
    .executeTakeFirst();
  if (row?.status === 'inviting') await wakeOutbox(services, importBatch(importId));
  if (!row || (row.status !== 'queued' && row.status !== 'validating' && row.status !== 'importing')) return;
  const portal = await services.portals.findById(row.portal_id);
  if (!portal) return;
  const scope = portal.id;
  await db
    .updateTable('account_imports')
    .set({ status: 'validating', rows_done: 0 })
    .where('id', '=', importId)
    .execute();
  const actorRoles = row.created_by
    ? (
        await db.selectFrom('account_roles').select('role').where('account_id', '=', row.created_by).execute()
      ).map((role) => role.role)
    : [];
  const { header, rows } = readCsv(Buffer.from(row.content, 'utf8'));
  const mapping = JSON.parse(row.mapping) as ImportMapping;
  const { lines, errors, existing } = await validateLines(
    db,
    scope,
    actorRoles,
    row.mode,
    header,
    mapping,
    rows,
  );
  if (errors.length > 0) {
    liveProgress.delete(importId);
    await finish(db, importId, { status: 'failed', rows_done: 0, report: JSON.stringify(errors) });
    return;
  }
  await db.updateTable('account_imports').set({ status: 'importing' }).where('id', '=', importId).execute();
  const fallbackLocale = portalLanguage(portal);
  let created: number[] = [];
  try {
    created = await db.transaction().execute(async (trx) => {
      const newIds: number[] = [];
      const toCreate = lines.filter((line) => !existing.has(line.email));
      const toUpdate = lines.filter((line) => existing.has(line.email));
      let done = 0;
      for (let start = 0; start < toCreate.length; start += CHUNK) {
        const chunk = toCreate.slice(start, start + CHUNK);
        const now = nowIso();
        const inserted = await trx
          .insertInto('accounts')
          .values(
            chunk.map((line) => ({
              portal_id: scope,
              entity_id: null,
              primary_coach_id: null,
              full_name: line.fullName ?? line.email,
              email: line.email,
              password_hash: null,
              locale: line.locale ?? fallbackLocale,
              avatar_url: null,
              phone_number: null,
              last_online: null,
              deactivated_at: null,
              created_at: now,
            })),
          )
          .returning(['id', 'email'])
          .execute();
        const idByEmail = new Map(inserted.map((account) => [account.email, account.id]));
        const roleRows = chunk.flatMap((line) =>
          (line.roles ?? []).map((role) => ({ account_id: idByEmail.get(line.email)!, role })),
        );
        if (roleRows.length > 0) await trx.insertInto('account_roles').values(roleRows).execute();
        newIds.push(...inserted.map((account) => account.id));
        done += chunk.length;
        await setProgress(services, importId, done);
      }
      for (const line of toUpdate) {
        const accountId = existing.get(line.email)!;
        const set: { full_name?: string; locale?: string } = {};
        if (line.fullName) set.full_name = line.fullName;
        if (line.locale) set.locale = line.locale;
        if (Object.keys(set).length > 0) {
          await trx
            .updateTable('accounts')
            .set(set)
            .where('portal_id', '=', scope)
            .where('id', '=', accountId)
            .execute();
        }
        if (line.roles) {
          await trx.deleteFrom('account_roles').where('account_id', '=', accountId).execute();
          if (line.roles.length > 0) {
            await trx
              .insertInto('account_roles')
              .values(line.roles.map((role) => ({ account_id: accountId, role })))
              .execute();
          }
        }
        done++;
        if (done % CHUNK === 0) await setProgress(services, importId, done);
      }
      await recordAudit(trx, {
        scope,
        actorId: row.created_by,
        action: 'account_import.completed',
        entityType: 'account_import',
        entityId: importId,
        details: {
          file_name: row.file_name,
          mode: row.mode,
          created: newIds.length,
          updated: toUpdate.length,
        },
        ip: null,
      });
      await queueAccountMail(trx, {
        scope,
        kind: ACCOUNT_INVITATION,
        accountIds: newIds,
        batch: importBatch(importId),
      });
      await trx
        .updateTable('account_imports')
        .set({
          status: newIds.length > 0 ? 'inviting' : 'completed',
          rows_done: lines.length,
          created_count: newIds.length,
          updated_count: toUpdate.length,
          report: '[]',
          content: '',
          finished_at: newIds.length > 0 ? null : nowIso(),
        })
        .where('id', '=', importId)
        .execute();
      return newIds;
    });
  } catch (error) {
    liveProgress.delete(importId);
    // A line taken by someone else meanwhile (unique e-mail) or a lost connection: nothing was imported.
    await finish(db, importId, {
      status: 'failed',
      rows_done: 0,
      report: JSON.stringify([
        { line: 0, column: null, reason: 'The import stopped and nothing was imported; try again.' },
      ]),
    });
    if (!(error instanceof Error && /unique|constraint/i.test(error.message))) throw error;
    return;
  }
  liveProgress.delete(importId);
  if (created.length > 0) await wakeOutbox(services, importBatch(importId));
}

/** Invitations of the outbox, with their links made now. */
async function renderInvitations(services: Services, rows: OutboxRow[]) {
  const byPortal = new Map<number, OutboxRow[]>();
  for (const row of rows) byPortal.set(row.portal_id, [...(byPortal.get(row.portal_id) ?? []), row]);
  const messages = new Map<number, MailMessage>();
  for (const [portalId, group] of byPortal) {
    const portal = await services.portals.findById(portalId);
    if (!portal) continue;
    const byAccount = await invitationMessages(
      services.db,
      portal,
      group.map((row) => row.account_id).filter((id) => id !== null),
    );
    for (const row of group) {
      const message = row.account_id === null ? undefined : byAccount.get(row.account_id);
      if (message) messages.set(row.id, message);
    }
  }
  return messages;
}

/** An import whose last invitation went to the mailer is complete. */
async function completeImports(services: Services, batches: string[]) {
  for (const batch of batches) {
    const match = /^account_import:(\d+)$/.exec(batch);
    if (!match || (await unsentIn(services.db, batch)) > 0) continue;
    await services.db
      .updateTable('account_imports')
      .set({ status: 'completed', finished_at: nowIso() })
      .where('id', '=', Number(match[1]))
      .where('status', '=', 'inviting')
      .execute();
  }
}

/** Hands the outbox's mail to the mailer: invitations and ready messages (reminders). */
export async function sendOutbox(services: Services): Promise<number> {
  return drainOutbox(
    services,
    { [ACCOUNT_INVITATION]: renderInvitations },
    { onBatchDone: (batches) => completeImports(services, batches) },
  );
}

export const accountImportJobs = [
  defineJob({
    name: ACCOUNT_IMPORT,
    // A run killed mid-way committed nothing: the retry, after the expiry, imports the file.
    retry: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 300 },
    async run(services, payload) {
      await runImport(services, Number(payload.importId));
    },
  }),
  defineJob({
    name: MAIL_OUTBOX_JOB,
    retry: { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 90 },
    // Also swept every few seconds: rows a killed process had claimed are due again after their claim.
    everySeconds: 10,
    async run(services) {
      await sendOutbox(services);
    },
    async onStart(services) {
      await releaseOutboxClaims(services);
      await wakeOutbox(services, `start-${Date.now()}`);
    },
  }),
];
