import type { Kysely } from 'kysely';

/**
 * Indexes for the coaching reads over a coach's students (bench/coaching.mjs: 2,000 students,
 * 200,000 answers). The overview and the student list look answers up by their author
 * (`answers.account_id in (…)`), which had no index and scanned every answer; and the waiting
 * counts per student join from the student's answer memberships, which need the answer id in the
 * account index so the planner starts there instead of from every submitted answer of the portal.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('answers_account_status')
    .on('answers')
    .columns(['account_id', 'status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('answer_members_account_answer')
    .on('answer_members')
    .columns(['account_id', 'answer_id'])
    .execute();
}
