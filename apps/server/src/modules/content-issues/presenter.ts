import type { ContentIssueRow } from '../../db/schema-learning';
import { identifier } from '../../http/jsonapi';
import type { ContentIssueResource } from './schema';

export function presentContentIssue(
  row: ContentIssueRow,
  abilities: { update: boolean },
): ContentIssueResource {
  return {
    type: 'content_issues',
    id: String(row.id),
    attributes: {
      category: row.category as ContentIssueResource['attributes']['category'],
      description: row.description,
      status: row.status as ContentIssueResource['attributes']['status'],
      staff_note: row.staff_note,
      created_at: row.created_at,
      updated_at: row.updated_at,
      resolved_at: row.resolved_at,
    },
    relationships: {
      course: { data: identifier('courses', row.course_id) },
      learning_object: { data: identifier('learning_objects', row.learning_object_id) },
      reporter: { data: identifier('accounts', row.reporter_id) },
      resolved_by: { data: identifier('accounts', row.resolved_by) },
    },
    meta: { abilities },
  };
}
