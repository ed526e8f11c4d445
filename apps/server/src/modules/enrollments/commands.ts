import type { Kysely } from 'kysely';
import type { Database, InPortal } from '../../db/schema';
import type { EnrollmentRow, LearningObjectProgressRow } from '../../db/schema-learning';
import type { PortalContext } from '../../context/portal';
import { completeEnrollmentIfDone, recordProgress } from './service';

/**
 * A student's own progress on one learning object (where to resume, done or not), and with the
 * last required object the course's completion (or the coach's sign-off request): one transaction,
 * so a completion is never recorded without the progress that earned it.
 */
export async function recordLearningProgress(
  db: Kysely<Database>,
  portal: PortalContext,
  enrollment: InPortal<EnrollmentRow>,
  learningObjectId: number,
  change: { completed?: boolean | undefined; lastPosition?: number | null | undefined },
): Promise<{ progress: LearningObjectProgressRow; enrollment: EnrollmentRow }> {
  return db.transaction().execute(async (trx) => {
    const progress = await recordProgress(trx, enrollment, learningObjectId, {
      status: change.completed === true ? 'completed' : change.completed === false ? 'reopened' : undefined,
      lastPosition: change.lastPosition,
    });
    return { progress, enrollment: await completeEnrollmentIfDone(trx, portal, enrollment.id) };
  });
}
