import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

/** Enrolments (and their progress) are seen by the student, the portal's staff and its coaches. */
export const enrollmentPolicy = {
  canFollowOthers(actor: AccountContext): boolean {
    return can(subjectOf(actor), 'follow:student');
  },
  canSee(actor: AccountContext, enrollment: { account_id: number }): boolean {
    return enrollment.account_id === actor.id || enrollmentPolicy.canFollowOthers(actor);
  },
  /**
   * The names of a course's other students, for choosing group members: its own students once
   * enrolled, coaches and staff always; and only for courses with a group assignment.
   */
  canListClassmates(actor: AccountContext, enrolled: boolean, hasGroupAssignment: boolean): boolean {
    return hasGroupAssignment && (enrolled || enrollmentPolicy.canFollowOthers(actor));
  },
};
