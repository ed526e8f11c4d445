import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

interface CourseLike {
  status: string;
}

/**
 * Who may see and change courses. Callers have already scoped every course to the request's
 * portal. Staff see every course; coaches see what is not a draft (to guide and review); students
 * see the published catalog and the non-draft courses they are enrolled in.
 */
export const coursePolicy = {
  /** Create, edit, reorder and delete courses, categories and labels. */
  canAuthor(actor: AccountContext): boolean {
    return can(subjectOf(actor), 'manage:course');
  },
  /** The full course list (drafts and archived courses too). */
  canSeeAllCourses(actor: AccountContext): boolean {
    return can(subjectOf(actor), 'read:any-course');
  },
  canView(actor: AccountContext, course: CourseLike, enrolled: boolean): boolean {
    if (coursePolicy.canSeeAllCourses(actor)) return true;
    if (course.status === 'published') return true;
    if (course.status === 'draft') return false;
    return enrolled || coursePolicy.readsAsStaff(actor);
  },
  /**
   * The content of learning objects: staff always, coaches for courses that are not drafts,
   * students once enrolled in a course that is not a draft.
   */
  canReadContent(actor: AccountContext, course: CourseLike, enrolled: boolean): boolean {
    if (coursePolicy.canSeeAllCourses(actor)) return true;
    if (course.status === 'draft') return false;
    return enrolled || coursePolicy.readsAsStaff(actor);
  },
  /** Readers who are not learners need no subscription to look at content. */
  readsAsStaff(actor: AccountContext): boolean {
    return can(subjectOf(actor), 'follow:student');
  },
  canEnroll(_actor: AccountContext, course: CourseLike): boolean {
    return course.status === 'published';
  },
  abilities(actor: AccountContext, course: CourseLike, enrolled: boolean) {
    const author = coursePolicy.canAuthor(actor);
    return {
      update: author,
      delete: author,
      enroll: !enrolled && coursePolicy.canEnroll(actor, course),
      read_content: coursePolicy.canReadContent(actor, course, enrolled),
    };
  },
};
