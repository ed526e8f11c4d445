import type { ContentIssueRow } from '../../db/schema-learning';
import { identifier } from '../../http/jsonapi';
import type { ResourceObject } from '../../http/jsonapi';

export function presentContentIssue(row: ContentIssueRow, abilities: { update: boolean }): ResourceObject {
  return {
    type: 'content_issues',
    id: String(row.id),
    attributes: {
      category: row.category,
      description: row.description,
      status: row.status,
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
