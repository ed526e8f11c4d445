import { registerLoader } from '../../http/includes';
import { coursePolicy } from './policy';
import { presentCourse, presentOutlineObject } from './presenter';
import { labelsByCourse, learningObjectCounts, outlineObjectsByIds } from './queries';

/** A course as the viewer sees it wherever it is included: its labels, size, their enrolment and abilities. */
registerLoader('courses', async (db, scope, ids, { account: viewer }) => {
  const courseIds = [...ids];
  const [courses, labels, counts, enrollments] = await Promise.all([
    db
      .selectFrom('courses')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', courseIds)
      .execute(),
    labelsByCourse(db, scope, courseIds),
    learningObjectCounts(db, courseIds),
    viewer
      ? db
          .selectFrom('enrollments')
          .select(['id', 'course_id'])
          .where('portal_id', '=', scope)
          .where('account_id', '=', viewer.id)
          .where('course_id', 'in', courseIds)
          .execute()
      : [],
  ]);
  const enrolled = new Map(enrollments.map((row) => [row.course_id, row]));
  return courses.map((course) =>
    presentCourse(course, {
      labels: labels.get(course.id) ?? [],
      learningObjectsCount: counts.get(course.id) ?? 0,
      enrollment: enrolled.get(course.id) ?? null,
      abilities: viewer
        ? coursePolicy.abilities(viewer, course, enrolled.has(course.id))
        : { update: false, delete: false, enroll: false, read_content: false },
    }),
  );
});

/** A learning object as listed in an outline (no content), wherever it is included. */
registerLoader('learning_objects', async (db, scope, ids) =>
  (await outlineObjectsByIds(db, scope, ids)).map(presentOutlineObject),
);
