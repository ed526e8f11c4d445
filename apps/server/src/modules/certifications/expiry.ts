import { renderMessage, type MessageKey, type MessageParams } from '@leerpad/core';
import type { Services } from '../../context/services';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { queueMail } from '../../mail/outbox';
import type { PortalContext } from '../../context/portal';
import { recipientLocale } from '../enrollments/messages';
import { refreshProgress } from '../enrollments/service';
import { notify } from '../notifications/service';
import { localized } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
const PORTFOLIO_LINK = '/portfolio';

/**
 * A notification and an e-mail in the recipient's language, written in the transaction `trx` of the
 * change that calls for them: the e-mail goes to the mail outbox under `key`, which sends it once
 * even when the process dies right after the commit (decision 055).
 */
async function tell(
  trx: Executor,
  portal: PortalContext,
  accountId: number,
  message: { key: MessageKey; params: (locale: string) => MessageParams },
  key: string,
) {
  const locale = await recipientLocale(trx, accountId, portal);
  const params = message.params(locale);
  await notify(trx, { scope: portal.id, accountId, key: message.key, params, link: PORTFOLIO_LINK });
  const account = await trx
    .selectFrom('accounts')
    .select(['full_name', 'email'])
    .where('portal_id', '=', portal.id)
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return;
  const text = renderMessage(message.key, params, locale);
  await queueMail(trx, {
    scope: portal.id,
    key: `certification:${key}`,
    message: {
      to: `${account.full_name} <${account.email}>`,
      subject: `${portal.name}: ${text.length > 80 ? `${text.slice(0, 77)}…` : text}`,
      text: [text, '', `${portal.row.base_url.replace(/\/$/, '')}${PORTFOLIO_LINK}`].join('\n'),
    },
  });
}

/** Stores a reminder once per kind, subject and person; answers whether this call stored it. */
async function remindOnce(
  trx: Executor,
  scope: PortalScope,
  kind: string,
  subjectId: number,
  accountId: number,
) {
  const row = await trx
    .insertInto('certification_reminders')
    .values({ portal_id: scope, kind, subject_id: subjectId, account_id: accountId, sent_at: nowIso() })
    .onConflict((oc) => oc.columns(['kind', 'subject_id', 'account_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores the reminder and writes its notification and e-mail in one transaction; false when it existed. */
function remind(
  services: Services,
  portal: PortalContext,
  reminder: { kind: string; subjectId: number; accountId: number },
  message: { key: MessageKey; params: (locale: string) => MessageParams },
) {
  return services.db.transaction().execute(async (trx) => {
    if (!(await remindOnce(trx, portal.id, reminder.kind, reminder.subjectId, reminder.accountId)))
      return false;
    await tell(
      trx,
      portal,
      reminder.accountId,
      message,
      `${reminder.kind}:${reminder.subjectId}:${reminder.accountId}`,
    );
    return true;
  });
}

const day = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/**
 * Certificates inside their recertification window get one reminder each (notification and
 * e-mail); the reminder row is stored first, so a second run or instance sends nothing.
 */
export async function remindExpiringCertificates(
  services: Services,
  portal: PortalContext,
  now = new Date(),
) {
  const rows = await services.db
    .selectFrom('certificates as cert')
    .innerJoin('certifications as c', 'c.id', 'cert.certification_id')
    .where('cert.portal_id', '=', portal.id)
    .where('cert.status', '=', 'valid')
    .where('cert.expires_at', 'is not', null)
    .where('c.recertification_window_days', 'is not', null)
    .selectAll('c')
    .select(['cert.id as certificate_id', 'cert.account_id', 'cert.expires_at'])
    .execute();
  let sent = 0;
  for (const row of rows) {
    const windowStart = new Date(row.expires_at!).getTime() - row.recertification_window_days! * DAY_MS;
    if (now.getTime() < windowStart) continue;
    const stored = await remind(
      services,
      portal,
      { kind: 'expiry', subjectId: row.certificate_id, accountId: row.account_id },
      {
        key: 'certificate_expiring',
        params: (locale) => ({ name: localized(row, locale).name, date: day(row.expires_at!, locale) }),
      },
    );
    if (stored) sent += 1;
  }
  return sent;
}

/**
 * Certificates past their end become expired, and recertification starts: the enrolments of the
 * required courses are reopened (progress kept as history, completion cleared) for a new attempt.
 * The expired certificate stays in the holder's history.
 */
export async function expireCertificates(services: Services, portal: PortalContext, now = new Date()) {
  const due = await services.db
    .selectFrom('certificates')
    .selectAll()
    .where('portal_id', '=', portal.id)
    .where('status', '=', 'valid')
    .where('expires_at', '<=', now.toISOString())
    .execute();
  let expired = 0;
  for (const certificate of due) {
    const certification = await services.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('certificates')
        .set({ status: 'expired' })
        .where('id', '=', certificate.id)
        .where('status', '=', 'valid')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return undefined;
      const courses = await trx
        .selectFrom('certification_courses')
        .select('course_id')
        .where('certification_id', '=', certificate.certification_id)
        .execute();
      const courseIds = courses.map((course) => course.course_id);
      if (courseIds.length > 0) {
        const enrollments = await trx
          .selectFrom('enrollments')
          .select('id')
          .where('portal_id', '=', portal.id)
          .where('account_id', '=', certificate.account_id)
          .where('course_id', 'in', courseIds)
          .execute();
        const ids = enrollments.map((enrollment) => enrollment.id);
        if (ids.length > 0) {
          await trx
            .updateTable('enrollments')
            .set({ status: 'active', completed_at: null })
            .where('id', 'in', ids)
            .execute();
          await trx
            .updateTable('learning_object_progress')
            .set({ status: 'not_started', completed_at: null, updated_at: nowIso() })
            .where('enrollment_id', 'in', ids)
            .execute();
          await refreshProgress(trx, { enrollmentIds: ids });
        }
      }
      const certification = await trx
        .selectFrom('certifications')
        .selectAll()
        .where('id', '=', certificate.certification_id)
        .executeTakeFirstOrThrow();
      await tell(
        trx,
        portal,
        certificate.account_id,
        {
          key: 'certificate_expired',
          params: (locale) => ({ name: localized(certification, locale).name }),
        },
        `expired:${certificate.id}`,
      );
      return certification;
    });
    if (!certification) continue;
    expired += 1;
  }
  return expired;
}

/**
 * People whose assignment is past its due date (the assignment's, else the certification's) and
 * who hold no valid certificate get one reminder per assignment.
 */
export async function remindOverdueAssignments(services: Services, portal: PortalContext, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const assignments = await services.db
    .selectFrom('certification_assignments as a')
    .innerJoin('certifications as c', 'c.id', 'a.certification_id')
    .where('a.portal_id', '=', portal.id)
    .selectAll('c')
    .select(['a.id as assignment_id', 'a.account_id', 'a.course_id', 'a.due_date as assignment_due'])
    .execute();
  let sent = 0;
  for (const assignment of assignments) {
    const dueDate = assignment.assignment_due ?? assignment.due_date;
    if (!dueDate || dueDate >= today) continue;
    const people =
      assignment.account_id !== null
        ? [assignment.account_id]
        : (
            await services.db
              .selectFrom('enrollments')
              .select('account_id')
              .where('portal_id', '=', portal.id)
              .where('course_id', '=', assignment.course_id!)
              .execute()
          ).map((row) => row.account_id);
    if (people.length === 0) continue;
    const holders = new Set(
      (
        await services.db
          .selectFrom('certificates')
          .select('account_id')
          .where('certification_id', '=', assignment.id)
          .where('status', '=', 'valid')
          .where('account_id', 'in', people)
          .execute()
      ).map((row) => row.account_id),
    );
    // Who was reminded of this assignment before: one read instead of a write per person and run.
    const reminded = new Set(
      (
        await services.db
          .selectFrom('certification_reminders')
          .select('account_id')
          .where('kind', '=', 'overdue')
          .where('subject_id', '=', assignment.assignment_id)
          .execute()
      ).map((row) => row.account_id),
    );
    for (const accountId of people) {
      if (holders.has(accountId) || reminded.has(accountId)) continue;
      const stored = await remind(
        services,
        portal,
        { kind: 'overdue', subjectId: assignment.assignment_id, accountId },
        {
          key: 'certification_overdue',
          params: (locale) => ({
            name: localized(assignment, locale).name,
            date: day(`${dueDate}T00:00:00Z`, locale),
          }),
        },
      );
      if (stored) sent += 1;
    }
  }
  return sent;
}
