import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import { findInPortal } from '../../db/find-in-portal';
import type {
  CertificateRow,
  CertificationAssignmentRow,
  CertificationRow,
} from '../../db/schema-certifications';
import { Conflict, Invalid } from '../../domain/errors';
import { recordAudit } from '../audit/service';
import { notify } from '../notifications/service';
import { queueSelfStatement } from '../xapi/self-statements';

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Days in a month when comparing a recertification window with a validity in months. */
const DAYS_PER_MONTH = 30;

export interface CertificationInput {
  name?: string | undefined;
  description?: string | null | undefined;
  translations?:
    Record<string, { name?: string | undefined; description?: string | null | undefined }> | undefined;
  course_ids?: number[] | undefined;
  validity_months?: number | null | undefined;
  recertification_window_days?: number | null | undefined;
  due_date?: string | null | undefined;
}

/** The name and description in a language, else the certification's own. */
export function localized(
  row: CertificationRow,
  locale: string,
): { name: string; description: string | null } {
  const translations = parseTranslations(row.translations);
  const entry = translations[locale];
  return {
    name: entry?.name || row.name,
    description: entry?.description ?? row.description,
  };
}

export function parseTranslations(
  text: string,
): Record<string, { name?: string; description?: string | null }> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, { name?: string }>) : {};
  } catch {
    return {};
  }
}

export const findCertification = (
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<CertificationRow>> => findInPortal(db, 'certifications', scope, id);

export async function requiredCourses(
  db: Executor,
  certificationIds: number[],
): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (certificationIds.length === 0) return map;
  const rows = await db
    .selectFrom('certification_courses')
    .select(['certification_id', 'course_id'])
    .where('certification_id', 'in', certificationIds)
    .orderBy('id')
    .execute();
  for (const row of rows)
    map.set(row.certification_id, [...(map.get(row.certification_id) ?? []), row.course_id]);
  return map;
}

/** 422 for a validity that is not whole months, or a window longer than the validity. */
function checkPeriods(
  input: CertificationInput,
  current: CertificationRow | null,
  pointer: (a: string) => string,
) {
  const validity =
    input.validity_months === undefined ? (current?.validity_months ?? null) : input.validity_months;
  const window =
    input.recertification_window_days === undefined
      ? (current?.recertification_window_days ?? null)
      : input.recertification_window_days;
  if (window !== null && (validity === null || window > validity * DAYS_PER_MONTH)) {
    throw new Invalid([
      {
        pointer: pointer('recertification_window_days'),
        detail:
          validity === null
            ? 'A recertification window needs a validity.'
            : `The recertification window may be at most the validity (${validity * DAYS_PER_MONTH} days).`,
        rule: 'window_within_validity',
      },
    ]);
  }
}

async function checkCourses(db: Executor, scope: PortalScope, ids: number[], pointer: (a: string) => string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await db
    .selectFrom('courses')
    .select('id')
    .where('portal_id', '=', scope)
    .where('id', 'in', unique)
    .execute();
  if (found.length !== unique.length)
    throw new Invalid([{ pointer: pointer('courses'), detail: 'Unknown course.' }]);
  return unique;
}

export async function saveCertification(
  db: Kysely<Database>,
  scope: PortalScope,
  actorId: number,
  current: InPortal<CertificationRow> | null,
  input: CertificationInput,
  pointer: (attribute: string) => string,
): Promise<CertificationRow> {
  checkPeriods(input, current, pointer);
  if (!current && !input.name)
    throw new Invalid([{ pointer: pointer('name'), detail: 'A name is required.' }]);
  const courseIds = input.course_ids ? await checkCourses(db, scope, input.course_ids, pointer) : undefined;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.translations !== undefined ? { translations: JSON.stringify(input.translations) } : {}),
      ...(input.validity_months !== undefined ? { validity_months: input.validity_months } : {}),
      ...(input.recertification_window_days !== undefined
        ? { recertification_window_days: input.recertification_window_days }
        : {}),
      ...(input.due_date !== undefined ? { due_date: input.due_date } : {}),
      updated_at: now,
    };
    let id: number;
    if (current) {
      await trx.updateTable('certifications').set(values).where('id', '=', current.id).execute();
      id = current.id;
    } else {
      const row = await trx
        .insertInto('certifications')
        .values({ name: input.name ?? '', ...values, portal_id: scope, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    if (courseIds) {
      await trx.deleteFrom('certification_courses').where('certification_id', '=', id).execute();
      if (courseIds.length > 0)
        await trx
          .insertInto('certification_courses')
          .values(courseIds.map((course_id) => ({ certification_id: id, course_id })))
          .execute();
    }
    await recordAudit(trx, {
      scope,
      actorId,
      action: current ? 'certification.update' : 'certification.create',
      entityType: 'certification',
      entityId: id,
      details: { ...input },
    });
    return findCertification(trx, scope, id);
  });
}

/**
 * Assigns a certification to accounts of the portal or to everyone enrolled in a course; assigning
 * the same person or course again changes the due date instead of adding a row.
 */
export async function assignCertification(
  db: Kysely<Database>,
  certification: InPortal<CertificationRow>,
  actorId: number,
  input: {
    /** Each account with where it was in the body (`account`, `accounts/2`), for the 422s. */
    accounts: Array<{ id: number; path: string }>;
    course_id: number | null;
    due_date?: string | null | undefined;
  },
  pointer: (attribute: string) => string,
): Promise<CertificationAssignmentRow[]> {
  const scope = certification.portal_id;
  // In id order: two requests assigning the same people lock their rows in the same order (no deadlock).
  const accountIds = [...new Set(input.accounts.map((sent) => sent.id))].sort((a, b) => a - b);
  if (accountIds.length === 0 && !input.course_id)
    throw new Invalid([
      { pointer: pointer('accounts'), detail: 'Choose people or a course to assign it to.' },
    ]);
  if (accountIds.length > 0) {
    const found = new Set(
      (
        await db
          .selectFrom('accounts')
          .select('id')
          .where('portal_id', '=', scope)
          .where('id', 'in', accountIds)
          .execute()
      ).map((row) => row.id),
    );
    const unknown = input.accounts.filter((sent) => !found.has(sent.id));
    if (unknown.length > 0)
      throw new Invalid(unknown.map((sent) => ({ pointer: pointer(sent.path), detail: 'Unknown account.' })));
  }
  if (input.course_id) await checkCourses(db, scope, [input.course_id], () => pointer('course'));
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const rows = [
      ...accountIds.map((account_id) => ({ account_id, course_id: null })),
      ...(input.course_id ? [{ account_id: null, course_id: input.course_id }] : []),
    ];
    for (const row of rows) {
      await trx
        .insertInto('certification_assignments')
        .values({
          portal_id: scope,
          certification_id: certification.id,
          ...row,
          due_date: input.due_date ?? null,
          created_by: actorId,
          created_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(row.account_id ? ['certification_id', 'account_id'] : ['certification_id', 'course_id'])
            .doUpdateSet({ due_date: input.due_date ?? null }),
        )
        .execute();
    }
    await recordAudit(trx, {
      scope,
      actorId,
      action: 'certification.assign',
      entityType: 'certification',
      entityId: certification.id,
      details: {
        account_ids: accountIds,
        course_id: input.course_id ?? null,
        due_date: input.due_date ?? null,
      },
    });
    return trx
      .selectFrom('certification_assignments')
      .selectAll()
      .where('certification_id', '=', certification.id)
      .orderBy('id')
      .execute();
  });
}

export const findCertificate = (
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<CertificateRow>> => findInPortal(db, 'certificates', scope, id);

export async function revokeCertificate(
  db: Kysely<Database>,
  certificate: InPortal<CertificateRow>,
  actorId: number,
  reason: string,
): Promise<CertificateRow> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const changed = await trx
      .updateTable('certificates')
      .set({ status: 'revoked', revoked_at: now, revoked_by: actorId, revocation_reason: reason })
      .where('id', '=', certificate.id)
      .where('status', '!=', 'revoked')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0)
      throw new Conflict({
        code: 'ALREADY_REVOKED',
        title: 'Conflict',
        detail: 'This certificate is already revoked.',
      });
    const certification = await findCertification(trx, certificate.portal_id, certificate.certification_id);
    await recordAudit(trx, {
      scope: certificate.portal_id,
      actorId,
      action: 'certificate.revoke',
      entityType: 'certificate',
      entityId: certificate.id,
      details: { reason },
    });
    await notify(trx, {
      scope: certificate.portal_id,
      accountId: certificate.account_id,
      key: 'certificate_revoked',
      params: { name: certification.name, reason },
      link: '/portfolio',
    });
    return findCertificate(trx, certificate.portal_id, certificate.id);
  });
}

/** A code people can read out and type: 12 characters without look-alikes, in groups of four. */
export function newCertificateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

/**
 * Awards a certificate to everyone who completed every required course of a certification and
 * holds no valid or revoked certificate of it whose cycle their completions belong to. One row per
 * holder and cycle: a retry or a second process running the same award inserts nothing.
 */
export async function awardEarnedCertificates(
  db: Kysely<Database>,
  scope: PortalScope,
): Promise<CertificateRow[]> {
  // Only pairs that completed every required course and hold no valid certificate (the report's
  // cells, kept by triggers, decision 045) reach the check against the certificates: no valid or
  // revoked one, and after an expiry only completions after it count (the enrolments were reset).
  const { rows: earned } = await sql<{
    certification_id: number;
    account_id: number;
    last_cycle: number | null;
  }>`
    select candidates.certification_id, candidates.account_id, candidates.last_cycle from (
      select q.certification_id, q.account_id, latest.cycle as last_cycle,
        coalesce(latest.expires_at, latest.issued_at) as last_end,
        (select min(e.completed_at) from certification_courses cc
          join enrollments e on e.course_id = cc.course_id and e.portal_id = q.portal_id
          where cc.certification_id = q.certification_id and e.account_id = q.account_id) as first_completed
      from qualification_cells q
      left join certificates latest on latest.certification_id = q.certification_id
        and latest.account_id = q.account_id
        and latest.cycle = (select max(m.cycle) from certificates m
          where m.certification_id = q.certification_id and m.account_id = q.account_id)
      where q.portal_id = ${scope} and q.percent = 100 and q.valid_open = 0 and q.valid_until is null
        and not exists (select 1 from certificates x where x.certification_id = q.certification_id
          and x.account_id = q.account_id and x.status <> 'expired')
    ) candidates
    where candidates.last_end is null or candidates.first_completed > candidates.last_end
    order by candidates.certification_id, candidates.account_id
  `.execute(db);
  const awarded: CertificateRow[] = [];
  for (const pair of earned) {
    const row = await db.transaction().execute(async (trx) => {
      const certification = await findCertification(trx, scope, pair.certification_id);
      const issuedAt = nowIso();
      const inserted = await trx
        .insertInto('certificates')
        .values({
          portal_id: scope,
          certification_id: certification.id,
          account_id: pair.account_id,
          cycle: Number(pair.last_cycle ?? 0) + 1,
          code: newCertificateCode(),
          status: 'valid',
          issued_at: issuedAt,
          expires_at:
            certification.validity_months === null
              ? null
              : addMonths(issuedAt, certification.validity_months),
          revoked_at: null,
          revoked_by: null,
          revocation_reason: null,
        })
        .onConflict((oc) => oc.columns(['certification_id', 'account_id', 'cycle']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) return undefined;
      await notify(trx, {
        scope,
        accountId: pair.account_id,
        key: 'certificate_awarded',
        params: { name: certification.name },
        link: '/portfolio',
      });
      await queueSelfStatement(trx, scope, {
        verb: 'earned',
        accountId: pair.account_id,
        object: { kind: 'certification', id: certification.id },
      });
      return inserted;
    });
    if (row) awarded.push(row);
  }
  return awarded;
}
