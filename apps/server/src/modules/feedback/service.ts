import { FEEDBACK_STATES } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { Invalid } from '../../domain/errors';

/** The projects shown to everyone (product-wide): most upvoted first. */
export function listFeedbackProjects(db: Executor) {
  return db
    .selectFrom('feedback_projects')
    .select(['id', 'name', 'description', 'state', 'upvotes'])
    .where('state', 'in', [...FEEDBACK_STATES])
    .orderBy('upvotes', 'desc')
    .orderBy('id')
    .execute();
}

export type FeedbackProjectRow = Awaited<ReturnType<typeof listFeedbackProjects>>[number];

export interface FeedbackNote {
  feedback: string;
  email?: string | null;
  url?: string | null;
  entity?: string | null;
  project_id?: number | null;
  segments?: string[];
}

/** A filed note, as it is read back. */
export interface FeedbackNoteRow {
  id: number;
  account_id: number;
  project_id: number | null;
  feedback: string;
  email: string | null;
  url: string | null;
  entity: string | null;
  segments: string[];
}

/** Files a note under the sending account in its portal; a named project must exist. */
export async function sendFeedbackNote(
  db: Executor,
  scope: PortalScope,
  accountId: number,
  note: FeedbackNote,
  pointer: (field: 'project') => string,
): Promise<FeedbackNoteRow> {
  if (note.project_id) {
    const project = await db
      .selectFrom('feedback_projects')
      .select('id')
      .where('id', '=', note.project_id)
      .executeTakeFirst();
    if (!project)
      throw new Invalid([{ pointer: pointer('project'), detail: 'This project does not exist.' }]);
  }
  const row = await db
    .insertInto('feedback_notes')
    .values({
      portal_id: scope,
      account_id: accountId,
      project_id: note.project_id ?? null,
      feedback: note.feedback,
      email: note.email ?? null,
      url: note.url ?? null,
      entity: note.entity ?? null,
      segments: JSON.stringify(note.segments ?? []),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    account_id: accountId,
    project_id: note.project_id ?? null,
    feedback: note.feedback,
    email: note.email ?? null,
    url: note.url ?? null,
    entity: note.entity ?? null,
    segments: note.segments ?? [],
  };
}
