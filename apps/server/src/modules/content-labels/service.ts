import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, Executor } from '../../db/schema';
import type { ContentLabelRow } from '../../db/schema-learning';
import { ApiError } from '../../http/errors';
import { requireUniqueName } from '../course-content/taxonomy';

export async function listLabels(db: Executor, portalId: number): Promise<ContentLabelRow[]> {
  return db
    .selectFrom('content_labels')
    .selectAll()
    .where('portal_id', '=', portalId)
    .orderBy('name')
    .execute();
}

export async function findLabel(db: Executor, portalId: number, id: number): Promise<ContentLabelRow> {
  const row = await db
    .selectFrom('content_labels')
    .selectAll()
    .where('portal_id', '=', portalId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw ApiError.notFound('content label');
  return row;
}

const NAME_TAKEN = 'A label with this name exists.';

export async function createLabel(
  db: Kysely<Database>,
  portalId: number,
  input: { name: string; color?: string | null | undefined },
  pointer: (attribute: string) => string,
): Promise<ContentLabelRow> {
  return db.transaction().execute(async (trx) => {
    await requireUniqueName(trx, 'content_labels', portalId, input.name, null, pointer('name'), NAME_TAKEN);
    const now = nowIso();
    return trx
      .insertInto('content_labels')
      .values({
        portal_id: portalId,
        name: input.name,
        color: input.color ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function updateLabel(
  db: Kysely<Database>,
  row: ContentLabelRow,
  input: { name?: string | undefined; color?: string | null | undefined },
  pointer: (attribute: string) => string,
): Promise<ContentLabelRow> {
  return db.transaction().execute(async (trx) => {
    if (input.name !== undefined)
      await requireUniqueName(
        trx,
        'content_labels',
        row.portal_id,
        input.name,
        row.id,
        pointer('name'),
        NAME_TAKEN,
      );
    await trx
      .updateTable('content_labels')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    return findLabel(trx, row.portal_id, row.id);
  });
}

/** Removing a label takes it off every course (the link rows cascade). */
export async function deleteLabel(db: Kysely<Database>, row: ContentLabelRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('course_content_labels').where('content_label_id', '=', row.id).execute();
    await trx.deleteFrom('content_labels').where('id', '=', row.id).execute();
  });
}
