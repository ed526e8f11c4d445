import type { ContentIssueRow } from '../../db/schema-learning';
import { includable, registerRelationships } from '../../http/includes';

registerRelationships<ContentIssueRow>('content_issues', {
  course: { type: 'courses', ids: (row) => row.course_id },
  learning_object: { type: 'learning_objects', ids: (row) => row.learning_object_id },
  reporter: { type: 'accounts', ids: (row) => row.reporter_id },
});

export const ISSUE_INCLUDES = includable('content_issues', ['course', 'learning_object', 'reporter']);
