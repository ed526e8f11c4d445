/** The tool an `lti` learning object launches (decision 070): its resource link. */
import { randomUUID } from 'node:crypto';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import type { LtiLinkResource } from './schema';
import { customOf } from './tools';

export async function saveLink(
  db: Executor,
  scope: PortalScope,
  learningObjectId: number,
  toolId: number,
  url: string | null,
  custom: Record<string, string>,
): Promise<void> {
  await db
    .insertInto('lti_resource_links')
    .values({
      portal_id: scope,
      learning_object_id: learningObjectId,
      tool_id: toolId,
      resource_link_id: randomUUID(),
      url,
      custom: JSON.stringify(custom),
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc.column('learning_object_id').doUpdateSet({ tool_id: toolId, url, custom: JSON.stringify(custom) }),
    )
    .execute();
}

export async function findLink(
  db: Executor,
  scope: PortalScope,
  learningObjectId: number,
): Promise<LtiLinkResource> {
  const row = await db
    .selectFrom('lti_resource_links')
    .innerJoin('lti_tools', 'lti_tools.id', 'lti_resource_links.tool_id')
    .select([
      'lti_resource_links.id',
      'lti_resource_links.tool_id',
      'lti_resource_links.url',
      'lti_resource_links.custom',
      'lti_resource_links.resource_link_id',
      'lti_tools.name as tool_name',
      'lti_tools.status as tool_status',
    ])
    .where('lti_resource_links.portal_id', '=', scope)
    .where('lti_resource_links.learning_object_id', '=', learningObjectId)
    .executeTakeFirst();
  if (!row)
    throw new NotFound({
      code: 'LTI_LINK_MISSING',
      title: 'Not found',
      detail: 'This learning object is not linked to an LTI tool yet.',
    });
  const item = await db
    .selectFrom('lti_line_items')
    .select(['label', 'score_maximum'])
    .where('portal_id', '=', scope)
    .where('learning_object_id', '=', learningObjectId)
    .orderBy('id')
    .executeTakeFirst();
  return {
    type: 'lti_links',
    id: String(row.id),
    attributes: {
      tool_id: String(row.tool_id),
      tool_name: row.tool_name,
      tool_status: row.tool_status,
      url: row.url,
      custom: customOf(row.custom),
      resource_link_id: row.resource_link_id,
      line_item: item ? { label: item.label, score_maximum: Number(item.score_maximum) } : null,
    },
  };
}
