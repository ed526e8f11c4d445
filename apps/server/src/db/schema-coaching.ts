import type { Generated, Selectable } from 'kysely';

/** A follow-up a coach plans with a student (issue 12): due, done with an outcome, reminded once. */
export interface FollowUpsTable {
  id: Generated<number>;
  portal_id: number;
  student_id: number;
  coach_id: number;
  kind: 'call' | 'meeting' | 'message';
  note: string;
  due_at: string;
  done_at: string | null;
  outcome: string | null;
  /** Set once by the reminder job when it claims the follow-up; never reset. */
  reminded_at: string | null;
  created_at: string;
  updated_at: string;
}
export type FollowUpRow = Selectable<FollowUpsTable>;

/** A coach's mandate to decide approval requests: every course, or the named ones. */
export interface CoachMandatesTable {
  id: Generated<number>;
  portal_id: number;
  coach_id: number;
  all_courses: number;
  granted_by: number | null;
  created_at: string;
  updated_at: string;
  /** Revoked mandates stay, so decisions keep naming the mandate they were taken under. */
  revoked_at: string | null;
  revoked_by: number | null;
}
export type CoachMandateRow = Selectable<CoachMandatesTable>;

export interface CoachMandateCoursesTable {
  mandate_id: number;
  course_id: number;
}

/** A student's request (enrolment in an approval course, or sign-off of a completion) and, once decided, who decided it. */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  portal_id: number;
  kind: 'enrollment' | 'completion';
  student_id: number;
  course_id: number;
  state: 'pending' | 'approved' | 'rejected';
  message: Generated<string>;
  decision_note: string | null;
  decided_by: number | null;
  decided_at: string | null;
  mandate_id: number | null;
  created_at: string;
  updated_at: string;
}
export type ApprovalRequestRow = Selectable<ApprovalRequestsTable>;

export interface CoachingTables {
  follow_ups: FollowUpsTable;
  coach_mandates: CoachMandatesTable;
  coach_mandate_courses: CoachMandateCoursesTable;
  approval_requests: ApprovalRequestsTable;
}
