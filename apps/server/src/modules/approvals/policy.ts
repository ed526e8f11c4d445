import { can } from '@leerpad/core';
import type { ApprovalRequestRow, CoachMandateRow } from '../../db/schema-coaching';
import { subjectOf } from '../../http/authorize';
import type { PortalContext } from '../../context/portal';
import type { AccountContext } from '../../context/account';

/** A coach's active mandate with the courses it names (empty set: every course). */
export interface MandateScope {
  mandate: CoachMandateRow;
  courseIds: ReadonlySet<number>;
}

/**
 * Who sees and decides approval requests: the student who asked sees their own; a coach sees and
 * decides those of the courses their mandate covers (a coach without a mandate is refused: 403);
 * staff who grant mandates read every request but do not decide.
 */
export const approvalPolicy = {
  oversees(actor: AccountContext, portal: PortalContext): boolean {
    return can(subjectOf(actor, portal), 'manage:coach-mandate');
  },
  decidesByRole(actor: AccountContext, portal: PortalContext): boolean {
    return can(subjectOf(actor, portal), 'decide:approval-request');
  },
  covers(scope: MandateScope | null, courseId: number): boolean {
    if (!scope) return false;
    return Boolean(scope.mandate.all_courses) || scope.courseIds.has(courseId);
  },
  owns(actor: AccountContext, request: Pick<ApprovalRequestRow, 'student_id'>): boolean {
    return request.student_id === actor.id;
  },
  canSee(
    actor: AccountContext,
    portal: PortalContext,
    scope: MandateScope | null,
    request: ApprovalRequestRow,
  ): boolean {
    return (
      approvalPolicy.owns(actor, request) ||
      approvalPolicy.oversees(actor, portal) ||
      (approvalPolicy.decidesByRole(actor, portal) && approvalPolicy.covers(scope, request.course_id))
    );
  },
};
