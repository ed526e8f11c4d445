import type { Generated, Selectable } from 'kysely';

/**
 * Table shapes of the learning core (migration 20261121100000_learning). Same conventions as
 * schema.ts: booleans are 0/1 integers, timestamps ISO-8601 text, JSON documents stored as text.
 */
export interface CatalogCategoriesTable {
  id: Generated<number>;
  portal_id: number;
  name: string;
  description: string | null;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ContentLabelsTable {
  id: Generated<number>;
  portal_id: number;
  name: string;
  color: string | null;
  created_at: string;
  updated_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number | null;
  name: string;
  content_type: string;
  byte_size: number;
  storage_key: string;
  created_at: string;
}

export interface CoursesTable {
  id: Generated<number>;
  portal_id: number;
  title: string;
  summary: Generated<string>;
  description: Generated<string>;
  cover_file_id: number | null;
  cover_image_url: string | null;
  language: string;
  status: Generated<string>;
  catalog_category_id: number | null;
  estimated_minutes: number | null;
  published_at: string | null;
  /** 1 when enrolling needs a coach's approval (modules/approvals). */
  requires_approval: Generated<number>;
  /** 1 when completing needs a coach's sign-off (modules/approvals). */
  requires_signoff: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CourseContentLabelsTable {
  portal_id: number;
  course_id: number;
  content_label_id: number;
}

export interface CourseSectionsTable {
  id: Generated<number>;
  portal_id: number;
  course_id: number;
  title: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface LearningObjectsTable {
  id: Generated<number>;
  portal_id: number;
  course_id: number;
  section_id: number;
  type: string;
  title: string;
  position: number;
  required: Generated<number>;
  estimated_minutes: number | null;
  body: Generated<string>;
  video_url: string | null;
  video_provider: string | null;
  embed_url: string | null;
  file_id: number | null;
  /** JSON: quiz {pass_mark, attempts_limit, questions_per_attempt}, assignment {answer_type, group_submission}. */
  settings: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface QuizQuestionsTable {
  id: Generated<number>;
  portal_id: number;
  learning_object_id: number;
  type: string;
  prompt: string;
  /** JSON: [{id, text, correct, feedback}] */
  options: Generated<string>;
  /** JSON: [string] */
  accepted_answers: Generated<string>;
  feedback: string | null;
  points: Generated<number>;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface EnrollmentsTable {
  id: Generated<number>;
  portal_id: number;
  course_id: number;
  account_id: number;
  status: Generated<string>;
  last_learning_object_id: number | null;
  enrolled_at: string;
  last_activity_at: string;
  completed_at: string | null;
  /** Stored progress, kept by `refreshProgress` (modules/enrollments) in the writing transaction. */
  progress_required: Generated<number>;
  progress_completed: Generated<number>;
  progress_percent: Generated<number>;
}

export interface LearningObjectProgressTable {
  id: Generated<number>;
  portal_id: number;
  enrollment_id: number;
  learning_object_id: number;
  status: string;
  last_position: number | null;
  score: number | null;
  attempts_count: Generated<number>;
  completed_at: string | null;
  updated_at: string;
}

export interface QuizAttemptsTable {
  id: Generated<number>;
  portal_id: number;
  enrollment_id: number;
  learning_object_id: number;
  account_id: number;
  status: string;
  /** JSON: [question id] drawn for this attempt, in order. */
  question_ids: string;
  /** JSON: [{question_id, option_ids, text}] */
  responses: Generated<string>;
  /** JSON: per-question results, written on submission. */
  results: string | null;
  score: number | null;
  max_score: number | null;
  percent: number | null;
  passed: number | null;
  started_at: string;
  submitted_at: string | null;
  /** When the quiz has a time limit: started_at plus the limit, by the server clock. */
  deadline_at: string | null;
}

/** One answer of a running attempt: one row per attempt and question, upserted on each save. */
export interface QuizAttemptAnswersTable {
  portal_id: number;
  attempt_id: number;
  question_id: number;
  /** JSON: [option id] */
  option_ids: string;
  text: string | null;
  updated_at: string;
}

export interface AnswersTable {
  id: Generated<number>;
  portal_id: number;
  course_id: number;
  learning_object_id: number;
  account_id: number;
  status: string;
  text: Generated<string>;
  file_id: number | null;
  grade: number | null;
  feedback: string | null;
  reviewer_id: number | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AnswerMembersTable {
  portal_id: number;
  answer_id: number;
  account_id: number;
  learning_object_id: number;
}

/**
 * How many of an author's answers were handed in and reviewed in each week (Monday, UTC, as
 * YYYY-MM-DD): each answer counts in the week of its current `submitted_at` and `reviewed_at`, kept
 * by modules/course-content/answer-weeks.ts in the transaction that moves them (decision 039).
 */
export interface AnswerWeeksTable {
  portal_id: number;
  account_id: number;
  week: string;
  submissions: number;
  reviews: number;
}

/** A classmate asked to join a group answer: invited until they accept (then a member) or decline. */
export interface AnswerInvitationsTable {
  portal_id: number;
  answer_id: number;
  account_id: number;
  learning_object_id: number;
  state: 'invited' | 'declined';
  updated_at: string;
}

export interface ContentIssuesTable {
  id: Generated<number>;
  portal_id: number;
  course_id: number;
  learning_object_id: number | null;
  reporter_id: number | null;
  category: string;
  description: string;
  status: Generated<string>;
  staff_note: string | null;
  resolved_by: number | null;
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LearningTables {
  catalog_categories: CatalogCategoriesTable;
  content_labels: ContentLabelsTable;
  files: FilesTable;
  courses: CoursesTable;
  course_content_labels: CourseContentLabelsTable;
  course_sections: CourseSectionsTable;
  learning_objects: LearningObjectsTable;
  quiz_questions: QuizQuestionsTable;
  enrollments: EnrollmentsTable;
  learning_object_progress: LearningObjectProgressTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_attempt_answers: QuizAttemptAnswersTable;
  answers: AnswersTable;
  answer_members: AnswerMembersTable;
  answer_weeks: AnswerWeeksTable;
  answer_invitations: AnswerInvitationsTable;
  content_issues: ContentIssuesTable;
}

export type CatalogCategoryRow = Selectable<CatalogCategoriesTable>;
export type ContentLabelRow = Selectable<ContentLabelsTable>;
export type FileRow = Selectable<FilesTable>;
export type CourseRow = Selectable<CoursesTable>;
export type CourseSectionRow = Selectable<CourseSectionsTable>;
export type LearningObjectRow = Selectable<LearningObjectsTable>;
export type QuizQuestionRow = Selectable<QuizQuestionsTable>;
export type EnrollmentRow = Selectable<EnrollmentsTable>;
export type LearningObjectProgressRow = Selectable<LearningObjectProgressTable>;
export type QuizAttemptRow = Selectable<QuizAttemptsTable>;
export type QuizAttemptAnswerRow = Selectable<QuizAttemptAnswersTable>;
export type AnswerRow = Selectable<AnswersTable>;
export type ContentIssueRow = Selectable<ContentIssuesTable>;
