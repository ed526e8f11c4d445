import { sql } from 'kysely';
import type { Executor, PortalScope } from '../../db/schema';
import { weekStart } from '../../db/weeks';

/** The week (its Monday, UTC, as YYYY-MM-DD) a timestamp falls in: the key of `answer_weeks`. */
export const weekKey = (at: string | Date): string =>
  weekStart(typeof at === 'string' ? new Date(at) : at)
    .toISOString()
    .slice(0, 10);

type Counter = 'submissions' | 'reviews';

async function add(
  trx: Executor,
  scope: PortalScope,
  accountId: number,
  counter: Counter,
  at: string,
  delta: number,
): Promise<void> {
  await trx
    .insertInto('answer_weeks')
    .values({
      portal_id: scope,
      account_id: accountId,
      week: weekKey(at),
      submissions: counter === 'submissions' ? delta : 0,
      reviews: counter === 'reviews' ? delta : 0,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'week']).doUpdateSet({
        [counter]: sql<number>`answer_weeks.${sql.ref(counter)} + ${delta}`,
      }),
    )
    .execute();
}

/**
 * Moves an answer's count from the week of its previous timestamp (if any) to the week of the new
 * one, in the caller's transaction: a hand-in (`submissions`) or a review (`reviews`).
 */
export async function moveAnswerWeek(
  trx: Executor,
  scope: PortalScope,
  accountId: number,
  counter: Counter,
  from: string | null,
  to: string,
): Promise<void> {
  if (from !== null && weekKey(from) === weekKey(to)) return;
  if (from !== null) await add(trx, scope, accountId, counter, from, -1);
  await add(trx, scope, accountId, counter, to, 1);
}

/** Takes answers about to be deleted (with an object, a section or a course) out of their weeks. */
export async function forgetAnswerWeeks(
  trx: Executor,
  scope: PortalScope,
  answers: ReadonlyArray<{ account_id: number; submitted_at: string | null; reviewed_at: string | null }>,
): Promise<void> {
  for (const answer of answers) {
    if (answer.submitted_at) await add(trx, scope, answer.account_id, 'submissions', answer.submitted_at, -1);
    if (answer.reviewed_at) await add(trx, scope, answer.account_id, 'reviews', answer.reviewed_at, -1);
  }
}
