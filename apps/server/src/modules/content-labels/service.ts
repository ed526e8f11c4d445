import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { ContentLabelRow } from '../../db/schema-learning';
import { NotFound } from '../../domain/errors';
import { requireUniqueName } from '../course-content/taxonomy';

export async function listLabels(db: Executor, scope: PortalScope): Promise<ContentLabelRow[]> {
  return db.selectFrom('content_labels').selectAll().where('portal_id', '=', scope).orderBy('name').execute();
}

export async function findLabel(
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<ContentLabelRow>> {
  const row = await db
    .selectFrom('content_labels')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('content label');
  return { ...row, portal_id: scope };
}

const NAME_TAKEN = 'A label with this name exists.';

export async function createLabel(
  db: Kysely<Database>,
  scope: PortalScope,
  input: { name: string; color?: string | null | undefined },
  pointer: (attribute: string) => string,
): Promise<ContentLabelRow> {
  return db.transaction().execute(async (trx) => {
    await requireUniqueName(trx, 'content_labels', scope, input.name, null, pointer('name'), NAME_TAKEN);
    const now = nowIso();
    return trx
      .insertInto('content_labels')
      .values({
        portal_id: scope,
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
  row: InPortal<ContentLabelRow>,
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
export async function deleteLabel(db: Kysely<Database>, row: InPortal<ContentLabelRow>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('course_content_labels').where('content_label_id', '=', row.id).execute();
    await trx.deleteFrom('content_labels').where('id', '=', row.id).execute();
  });
}
