/**
 * State, activity profile and agent profile documents (decision 063): bytes with their content
 * type and an ETag (the SHA-1 of the bytes), keyed by kind, subject, agent, registration and id.
 */
import { createHash } from 'node:crypto';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { XapiDocumentRow } from '../../db/schema-xapi';

export type DocumentKind = 'state' | 'activity_profile' | 'agent_profile';

export interface DocumentKey {
  kind: DocumentKind;
  /** The activity id (state, activity profile) or agent key (agent profile). */
  subject: string;
  /** State only: the agent's key. */
  agentKey?: string;
  /** State only: the registration. */
  registration?: string;
}

export const etagOf = (content: Uint8Array) => createHash('sha1').update(content).digest('hex');

function scoped(db: Executor, scope: PortalScope, key: DocumentKey) {
  return db
    .selectFrom('xapi_documents')
    .where('portal_id', '=', scope)
    .where('kind', '=', key.kind)
    .where('subject', '=', key.subject)
    .where('agent_key', '=', key.agentKey ?? '')
    .where('registration', '=', key.registration ?? '');
}

export async function findDocument(
  db: Executor,
  scope: PortalScope,
  key: DocumentKey,
  documentId: string,
): Promise<XapiDocumentRow | null> {
  const row = await scoped(db, scope, key)
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row ?? null;
}

/** The ids of the documents under a key, changed after `since` when given. */
export async function listDocumentIds(db: Executor, scope: PortalScope, key: DocumentKey, since?: string) {
  let query = scoped(db, scope, key).select(['document_id', 'updated_at']);
  if (since !== undefined) query = query.where('updated_at', '>', since);
  const rows = await query.orderBy('document_id').execute();
  return rows;
}

export async function saveDocument(
  db: Executor,
  scope: PortalScope,
  key: DocumentKey,
  documentId: string,
  contentType: string,
  content: Buffer,
): Promise<void> {
  const values = {
    content_type: contentType,
    content,
    etag: etagOf(content),
    updated_at: nowIso(),
  };
  await db
    .insertInto('xapi_documents')
    .values({
      portal_id: scope,
      kind: key.kind,
      subject: key.subject,
      agent_key: key.agentKey ?? '',
      registration: key.registration ?? '',
      document_id: documentId,
      ...values,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['portal_id', 'kind', 'subject', 'agent_key', 'registration', 'document_id'])
        .doUpdateSet(values),
    )
    .execute();
}

export async function deleteDocuments(
  db: Executor,
  scope: PortalScope,
  key: DocumentKey,
  documentId?: string,
) {
  let query = db
    .deleteFrom('xapi_documents')
    .where('portal_id', '=', scope)
    .where('kind', '=', key.kind)
    .where('subject', '=', key.subject)
    .where('agent_key', '=', key.agentKey ?? '')
    .where('registration', '=', key.registration ?? '');
  if (documentId !== undefined) query = query.where('document_id', '=', documentId);
  await query.execute();
}
