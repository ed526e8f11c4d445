import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../dialect';

/**
 * Quiz answers as one row per attempt and question (decision 074): saving an answer upserts its row,
 * so a save is one small write and never rewrites the attempt. The answers of running attempts move
 * here; a submitted attempt keeps its answers in `responses` beside its results, as before. An
 * attempt gets `deadline_at` when its quiz has a time limit, set by the server clock at the start.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const time = timestampType(dialectOf(db));
  await db.schema
    .createTable('quiz_attempt_answers')
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('quiz_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('quiz_questions.id').onDelete('cascade'),
    )
    .addColumn('option_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('text', 'text')
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_attempt_answers_pk', ['attempt_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('quiz_attempt_answers_question')
    .on('quiz_attempt_answers')
    .column('question_id')
    .execute();
  await db.schema.alterTable('quiz_attempts').addColumn('deadline_at', time).execute();
  await db.schema.createIndex('quiz_attempts_status').on('quiz_attempts').column('status').execute();

  const running = await db
    .selectFrom('quiz_attempts')
    .select(['id', 'portal_id', 'responses', 'started_at'])
    .where('status', '=', 'in_progress')
    .execute();
  for (const attempt of running as Array<{
    id: number;
    portal_id: number;
    responses: string;
    started_at: string;
  }>) {
    let responses: unknown;
    try {
      responses = JSON.parse(attempt.responses);
    } catch {
      responses = [];
    }
    const rows = (Array.isArray(responses) ? responses : []).flatMap((value: unknown) => {
      const response = (value ?? {}) as { question_id?: unknown; option_ids?: unknown; text?: unknown };
      const questionId = Number(response.question_id);
      if (!Number.isInteger(questionId)) return [];
      return [
        {
          portal_id: attempt.portal_id,
          attempt_id: attempt.id,
          question_id: questionId,
          option_ids: JSON.stringify(Array.isArray(response.option_ids) ? response.option_ids : []),
          text: typeof response.text === 'string' ? response.text : null,
          updated_at: attempt.started_at,
        },
      ];
    });
    const existing = new Set(
      rows.length === 0
        ? []
        : (
            await db
              .selectFrom('quiz_questions')
              .select('id')
              .where(
                'id',
                'in',
                rows.map((row) => row.question_id),
              )
              .execute()
          ).map((question: { id: number }) => question.id),
    );
    // A question deleted since the answer was given has no row to point at: its answer is dropped,
    // as scoring skipped it already.
    const kept = [...new Map(rows.map((row) => [row.question_id, row])).values()].filter((row) =>
      existing.has(row.question_id),
    );
    if (kept.length > 0) await db.insertInto('quiz_attempt_answers').values(kept).execute();
    await db.updateTable('quiz_attempts').set({ responses: '[]' }).where('id', '=', attempt.id).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('quiz_attempts_status').execute();
  await db.schema.alterTable('quiz_attempts').dropColumn('deadline_at').execute();
  await db.schema.dropTable('quiz_attempt_answers').execute();
}
