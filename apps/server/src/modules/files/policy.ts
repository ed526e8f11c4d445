import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { Executor } from '../../db/schema';
import type { FileRow } from '../../db/schema-learning';
import type { AccountContext } from '../../context/account';

/**
 * Who may download a file of the portal: its uploader; staff and coaches; anyone for the cover of a
 * published course; enrolled students for files of their courses' learning objects; the members of
 * an answer for its attachment. Everyone else gets a 404, as if the file did not exist.
 */
export const filePolicy = {
  /** Only its uploader deletes a file (who else may read it gets 403, everyone else 404). */
  canDelete(actor: AccountContext, file: FileRow): boolean {
    return file.account_id === actor.id;
  },
  async canRead(db: Executor, actor: AccountContext, file: FileRow): Promise<boolean> {
    if (file.account_id === actor.id) return true;
    if (can(subjectOf(actor), 'follow:student')) return true;
    const enrolledIn = async (courseIds: number[]) =>
      courseIds.length > 0 &&
      Boolean(
        await db
          .selectFrom('enrollments')
          .select('id')
          .where('account_id', '=', actor.id)
          .where('course_id', 'in', courseIds)
          .executeTakeFirst(),
      );
    const covers = await db
      .selectFrom('courses')
      .select(['id', 'status'])
      .where('portal_id', '=', file.portal_id)
      .where('cover_file_id', '=', file.id)
      .execute();
    if (covers.some((course) => course.status === 'published')) return true;
    if (await enrolledIn(covers.filter((course) => course.status !== 'draft').map((course) => course.id)))
      return true;
    const attached = await db
      .selectFrom('learning_objects')
      .innerJoin('courses', 'courses.id', 'learning_objects.course_id')
      .select(['courses.id', 'courses.status'])
      .where('learning_objects.portal_id', '=', file.portal_id)
      .where('learning_objects.file_id', '=', file.id)
      .where('courses.status', '!=', 'draft')
      .execute();
    if (await enrolledIn(attached.map((course) => course.id))) return true;
    const answer = await db
      .selectFrom('answers')
      .innerJoin('answer_members', 'answer_members.answer_id', 'answers.id')
      .select('answers.id')
      .where('answers.portal_id', '=', file.portal_id)
      .where('answers.file_id', '=', file.id)
      .where('answer_members.account_id', '=', actor.id)
      .executeTakeFirst();
    return Boolean(answer);
  },
};
