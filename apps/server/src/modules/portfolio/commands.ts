import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, PortalScope } from '../../db/schema';
import type { FeedbackRequestRow, PortfolioCommentRow, PortfolioItemRow } from '../../db/schema-portfolio';
import type { PortalContext } from '../../context/portal';
import { hashToken, newToken } from '../../http/session';
import type { MailAdapter } from '../../mail/mailer';
import { mailLocale, sendMail } from '../../mail/render';
import { notify } from '../notifications/service';
import { locks } from '../../db/locks';
import { recordAudit } from '../audit/service';
import { FEEDBACK_LINK_DAYS, linkUsed, RUBRIC_PARAMETER, rubricOf, type RubricCriterion } from './service';

/**
 * A guest's rating through a feedback link: the scores and comment are stored and the student is
 * notified, in one transaction. The link works once: of two submissions at the same moment only the
 * first is recorded; the other is refused as used (RATING_LINK_USED).
 */
export async function giveFeedbackThroughLink(
  db: Kysely<Database>,
  scope: PortalScope,
  request: FeedbackRequestRow,
  item: Pick<PortfolioItemRow, 'id' | 'title'>,
  rating: { scores: number[]; comment?: string | null | undefined },
): Promise<FeedbackRequestRow> {
  const ratedAt = nowIso();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('feedback_requests')
      .set({ scores: JSON.stringify(rating.scores), comment: rating.comment || null, rated_at: ratedAt })
      .where('portal_id', '=', scope)
      .where('id', '=', request.id)
      .where('rated_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw linkUsed();
    await notify(trx, {
      scope,
      accountId: request.account_id,
      key: 'portfolio_feedback_received',
      params: { name: request.name, title: item.title },
      link: `/portfolio?item=${item.id}`,
    });
    return updated;
  });
}

/** A coach's comment on a shared portfolio item, and the student's notification of it. */
export async function commentOnPortfolioItem(
  db: Kysely<Database>,
  scope: PortalScope,
  item: Pick<PortfolioItemRow, 'id' | 'title' | 'account_id'>,
  author: { id: number; fullName: string },
  body: string,
): Promise<PortfolioCommentRow> {
  return db.transaction().execute(async (trx) => {
    const comment = await trx
      .insertInto('portfolio_comments')
      .values({ portal_id: scope, item_id: item.id, author_id: author.id, body, created_at: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await notify(trx, {
      scope,
      accountId: item.account_id,
      key: 'portfolio_comment_added',
      params: { name: author.fullName, title: item.title },
      link: `/portfolio?item=${item.id}`,
    });
    return comment;
  });
}

/** The guest page a feedback link opens, on the portal's own address. */
export function rateLink(portal: PortalContext, token: string) {
  return `${portal.row.base_url.replace(/\/+$/, '')}/rate?token=${encodeURIComponent(token)}`;
}

/**
 * A student asks someone (a workplace trainer, without an account) for feedback on one of their
 * items: the request is stored with the portal's rubric and only the hash of its single-use token,
 * then the invitee gets the link by e-mail, valid FEEDBACK_LINK_DAYS days.
 */
export async function askForFeedback(
  db: Kysely<Database>,
  mailer: MailAdapter,
  portal: PortalContext,
  student: { id: number; fullName: string },
  item: Pick<PortfolioItemRow, 'id' | 'title'>,
  invitee: { email: string; name: string; message?: string | null | undefined },
): Promise<FeedbackRequestRow> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + FEEDBACK_LINK_DAYS * 86_400_000).toISOString();
  const row = await db
    .insertInto('feedback_requests')
    .values({
      portal_id: portal.id,
      item_id: item.id,
      account_id: student.id,
      email: invitee.email.toLowerCase(),
      name: invitee.name,
      message: invitee.message ?? null,
      token_hash: hashToken(token),
      criteria: JSON.stringify(rubricOf(portal)),
      scores: null,
      comment: null,
      expires_at: expiresAt,
      rated_at: null,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await sendMail(mailer, {
    to: `${invitee.name} <${row.email}>`,
    key: 'feedback_request',
    params: {
      name: invitee.name,
      student: student.fullName,
      title: item.title,
      message: invitee.message ?? '',
      link: rateLink(portal, token),
      date: expiresAt.slice(0, 10),
    },
    locale: mailLocale(null, portal),
    portal,
  });
  return row;
}

/**
 * Staff replace the portal's feedback rubric (the criteria a /rate form scores), with its audit entry.
 * One change at a time per portal, so the portal keeps exactly one rubric row.
 */
export async function replaceRubric(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: { actorId: number; actingForId: number | null; ip: string | null },
  criteria: RubricCriterion[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await locks.portalParameter(trx, scope, RUBRIC_PARAMETER);
    await trx
      .deleteFrom('portal_parameters')
      .where('portal_id', '=', scope)
      .where('type', '=', RUBRIC_PARAMETER)
      .execute();
    await trx
      .insertInto('portal_parameters')
      .values({ portal_id: scope, type: RUBRIC_PARAMETER, data: JSON.stringify(criteria) })
      .execute();
    await recordAudit(trx, {
      scope,
      ...actor,
      action: 'portal.rubric_changed',
      entityType: 'portal',
      entityId: scope,
      details: { criteria: criteria.length },
    });
  });
}
