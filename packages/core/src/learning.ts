/** Courses, learning objects, enrolments and content issues: names and rules shared by server and web. */

export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const LEARNING_OBJECT_TYPES = [
  'page',
  'video',
  'file',
  'quiz',
  'assignment',
  'scorm',
  'cmi5',
  'lti',
] as const;
export type LearningObjectType = (typeof LEARNING_OBJECT_TYPES)[number];

/** Types a student completes by saying so; quizzes complete by passing, assignments by approval. */
export const SELF_COMPLETED_TYPES: readonly LearningObjectType[] = ['page', 'video', 'file'];

/** SCORM package versions a `scorm` learning object may hold (decision 064). */
export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];
/** The largest package zip an author may upload. */
export const SCORM_PACKAGE_MAX_BYTES = 500 * 1024 * 1024;
/** Everything a package unpacks to, at most (a zip bomb stops here). */
export const SCORM_UNPACKED_MAX_BYTES = 1024 * 1024 * 1024;
/** How much larger than its compressed size one file of a package may unpack to. */
export const SCORM_MAX_COMPRESSION_RATIO = 100;
/** Files in one package, at most. */
export const SCORM_MAX_FILES = 10_000;
/** suspend_data kept per SCO: SCORM 2004's limit, applied to 1.2 as well. */
export const SCORM_SUSPEND_DATA_MAX_CHARS = 64_000;

/** A SCO's state as the course player shows it in the table of contents. */
export const SCORM_SCO_STATES = ['not_attempted', 'incomplete', 'completed', 'passed', 'failed'] as const;
export type ScormScoState = (typeof SCORM_SCO_STATES)[number];

/** cmi5 (decision 068): when an AU counts as done for its block, course and learning object. */
export const CMI5_MOVE_ON = [
  'Passed',
  'Completed',
  'CompletedAndPassed',
  'CompletedOrPassed',
  'NotApplicable',
] as const;
export type Cmi5MoveOn = (typeof CMI5_MOVE_ON)[number];
/** An AU's state as the course player shows it. */
export const CMI5_AU_STATES = [
  'not_attempted',
  'in_progress',
  'completed',
  'passed',
  'failed',
  'satisfied',
] as const;
export type Cmi5AuState = (typeof CMI5_AU_STATES)[number];

/** `ordering`: the options are stored in their right order; the student puts them in order. */
export const QUESTION_TYPES = ['single_choice', 'multiple_choice', 'open_answer', 'ordering'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const ENROLLMENT_STATUSES = ['active', 'completed'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export const PROGRESS_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** An assignment answer: draft → submitted → approved, or back to the student with revision_requested. */
export const ANSWER_STATUSES = ['draft', 'submitted', 'approved', 'revision_requested'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];
export const ANSWER_REVIEW_OUTCOMES = ['approved', 'revision_requested'] as const;
export type AnswerReviewOutcome = (typeof ANSWER_REVIEW_OUTCOMES)[number];
/** A classmate asked to join a group answer: invited until they accept (then a member) or decline. */
export const ANSWER_INVITATION_STATES = ['invited', 'declined'] as const;
export type AnswerInvitationState = (typeof ANSWER_INVITATION_STATES)[number];
export const ANSWER_INVITATION_DECISIONS = ['accept', 'decline'] as const;
export type AnswerInvitationDecision = (typeof ANSWER_INVITATION_DECISIONS)[number];

/** What an assignment asks for. */
export const ASSIGNMENT_ANSWER_TYPES = ['text', 'file', 'text_and_file'] as const;
export type AssignmentAnswerType = (typeof ASSIGNMENT_ANSWER_TYPES)[number];

export const CONTENT_ISSUE_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type ContentIssueStatus = (typeof CONTENT_ISSUE_STATUSES)[number];
export const CONTENT_ISSUE_CATEGORIES = [
  'typo',
  'incorrect_content',
  'broken_link',
  'media_problem',
  'accessibility',
  'other',
] as const;
export type ContentIssueCategory = (typeof CONTENT_ISSUE_CATEGORIES)[number];

/** Sort keys the course list accepts (prefix '-' for descending). */
export const COURSE_SORTS = [
  'title',
  'published_at',
  'created_at',
  'updated_at',
  'estimated_minutes',
] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

export const QUIZ_DEFAULT_PASS_MARK = 70;
export const QUIZ_MAX_ATTEMPTS_LIMIT = 100;
/** The longest time limit a quiz may have: a working day. */
export const QUIZ_MAX_TIME_LIMIT_MINUTES = 600;
/** Seconds after an attempt's deadline that a save or submission still counts (the network's share). */
export const QUIZ_DEADLINE_GRACE_SECONDS = 30;
/** One import may hold at most this many questions. */
export const QUIZ_IMPORT_MAX_QUESTIONS = 1000;

/**
 * Course progress in whole percent: completed required objects over required objects, rounded
 * down so 100 % means really done. A course without required objects shows 0.
 */
export function courseProgressPercent(requiredCount: number, completedRequiredCount: number): number {
  if (!Number.isFinite(requiredCount) || requiredCount <= 0) return 0;
  const done = Math.min(Math.max(completedRequiredCount, 0), requiredCount);
  return Math.floor((done * 100) / requiredCount);
}

/** An enrolment is complete when every required object is completed (and there is at least one). */
export function isCourseComplete(requiredCount: number, completedRequiredCount: number): boolean {
  return requiredCount > 0 && completedRequiredCount >= requiredCount;
}

/** Whether a student may mark an object of this type complete themselves. */
export function isSelfCompleted(type: string): boolean {
  return (SELF_COMPLETED_TYPES as readonly string[]).includes(type);
}

export interface OutlineEntry {
  id: string;
}

/**
 * Where "previous" and "next" lead in a course outline: the flattened order of every section's
 * objects. Unknown ids give no neighbours.
 */
export function outlineNeighbours(
  sections: ReadonlyArray<{ learningObjects: readonly OutlineEntry[] }>,
  currentId: string,
): { previous: string | null; next: string | null } {
  const order = sections.flatMap((section) => section.learningObjects.map((object) => object.id));
  const index = order.indexOf(currentId);
  if (index === -1) return { previous: null, next: null };
  return { previous: order[index - 1] ?? null, next: order[index + 1] ?? null };
}

/**
 * Where a student resumes a course: the object they last worked on when it still exists,
 * otherwise the first object not yet completed, otherwise the first object.
 */
export function resumeTarget(
  orderedIds: readonly string[],
  completedIds: ReadonlySet<string>,
  lastId: string | null | undefined,
): string | null {
  if (lastId && orderedIds.includes(lastId)) return lastId;
  return orderedIds.find((id) => !completedIds.has(id)) ?? orderedIds[0] ?? null;
}

/**
 * The object the course player opens: the one the address asks for (`?learning_object=`) when it is
 * in the course, otherwise where the student resumes (resumeTarget). `requestedFound` is false when
 * the address asked for an object the course no longer has (the player says so).
 */
export function openedObject(
  orderedIds: readonly string[],
  completedIds: ReadonlySet<string>,
  lastId: string | null | undefined,
  requested: string | null,
): { id: string | null; requestedFound: boolean } {
  const requestedFound = requested !== null && orderedIds.includes(requested);
  return {
    id: requestedFound ? requested : resumeTarget(orderedIds, completedIds, lastId),
    requestedFound,
  };
}
