import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';
import type { PortalContext } from '../../context/portal';
import { courseId } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { findCourse } from '../course-content/queries';
import { recordLearningProgress } from './commands';
import { enroll } from './service';

let t: TestApp;
let portal: PortalContext;
let studentId: number;

beforeAll(async () => {
  t = await createTestApp();
  studentId = await t.accountId('student@leerpad.test');
  const course = await t.services.db
    .selectFrom('courses')
    .select('portal_id')
    .where('title', '=', ACADEMY_COURSES.phone)
    .executeTakeFirstOrThrow();
  portal = (await t.services.portals.findById(course.portal_id))!;
});
afterAll(() => t.close());

async function enrolledIn(title: string) {
  const course = await findCourse(t.services.db, portal.id, await courseId(t, title));
  const { enrollment } = await enroll(t.services.db, portal.id, course, studentId);
  const objects = await t.services.db
    .selectFrom('learning_objects')
    .select('id')
    .where('course_id', '=', course.id)
    .orderBy('id')
    .execute();
  return { enrollment: { ...enrollment, portal_id: portal.id }, objects };
}

const completionNotices = () =>
  t.services.db
    .selectFrom('notifications')
    .select('id')
    .where('account_id', '=', studentId)
    .where('message_key', '=', 'course_completed')
    .execute();

describe('recording learning progress', () => {
  it('keeps where the student is without completing anything', async () => {
    const { enrollment, objects } = await enrolledIn(ACADEMY_COURSES.phone);
    const result = await recordLearningProgress(t.services.db, portal, enrollment, objects[0]!.id, {
      lastPosition: 42,
    });
    expect(result.progress).toMatchObject({ status: 'in_progress', last_position: 42 });
    expect(result.enrollment.completed_at).toBeNull();
    expect(result.enrollment.last_learning_object_id).toBe(objects[0]!.id);
  });

  it('completes the course with the last required object, once, and tells the student once', async () => {
    const { enrollment, objects } = await enrolledIn(ACADEMY_COURSES.phone);
    const before = (await completionNotices()).length;
    let last;
    for (const object of objects) {
      last = await recordLearningProgress(t.services.db, portal, enrollment, object.id, { completed: true });
    }
    expect(last?.enrollment.completed_at).not.toBeNull();
    expect(last?.progress.status).toBe('completed');
    const again = await recordLearningProgress(t.services.db, portal, enrollment, objects[0]!.id, {
      completed: true,
    });
    expect(again.enrollment.completed_at).toBe(last?.enrollment.completed_at);
    expect((await completionNotices()).length).toBe(before + 1);
  });

  it('reopens an object on request, and the course stays completed', async () => {
    const { enrollment, objects } = await enrolledIn(ACADEMY_COURSES.phone);
    const reopened = await recordLearningProgress(t.services.db, portal, enrollment, objects[0]!.id, {
      completed: false,
    });
    expect(reopened.progress.status).toBe('in_progress');
    expect(reopened.progress.completed_at).toBeNull();
    expect(reopened.enrollment.completed_at).not.toBeNull();
  });
});
