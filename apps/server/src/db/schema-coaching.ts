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

export interface CoachingTables {
  follow_ups: FollowUpsTable;
}
