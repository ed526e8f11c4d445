/** Product feedback writes that take several steps. */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { Invalid } from '../../domain/errors';

/**
 * An account upvotes a feedback project: one upvote per account and per e-mail address, and the
 * project's count goes up with it. Two upvotes at once with the same address make one (the unique
 * (project, e-mail) constraint decides); the loser is told it already upvoted.
 */
export async function upvoteProject(
  db: Kysely<Database>,
  vote: { accountId: number; email: string; projectId: number },
  pointer: (field: 'project_id') => string,
): Promise<void> {
  const email = vote.email.toLowerCase();
  const already = () =>
    new Invalid([
      {
        pointer: pointer('project_id'),
        code: 'ALREADY_UPVOTED',
        title: 'Already upvoted',
        detail: 'You already upvoted this idea.',
      },
    ]);
  await db.transaction().execute(async (trx) => {
    const project = await trx
      .selectFrom('feedback_projects')
      .select('id')
      .where('id', '=', vote.projectId)
      .executeTakeFirst();
    if (!project)
      throw new Invalid([{ pointer: pointer('project_id'), detail: 'This project does not exist.' }]);
    const existing = await trx
      .selectFrom('feedback_upvotes')
      .select('id')
      .where('project_id', '=', project.id)
      .where((eb) => eb.or([eb('account_id', '=', vote.accountId), eb('email', '=', email)]))
      .executeTakeFirst();
    if (existing) throw already();
    const inserted = await trx
      .insertInto('feedback_upvotes')
      .values({ project_id: project.id, account_id: vote.accountId, email, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw already();
    await trx
      .updateTable('feedback_projects')
      .set({ upvotes: sql`upvotes + 1` })
      .where('id', '=', project.id)
      .execute();
  });
}
