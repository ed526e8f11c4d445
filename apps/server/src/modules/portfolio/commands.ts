import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, PortalScope } from '../../db/schema';
import type { FeedbackRequestRow, PortfolioCommentRow, PortfolioItemRow } from '../../db/schema-portfolio';
import { notify } from '../notifications/service';
import { linkUsed } from './service';

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
