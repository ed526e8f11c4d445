import { z } from 'zod';
import {
  buildDocument,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import type { ResourceObject } from '../../http/jsonapi';
import { booleanFilter, idListFilter, sortFrom } from '../../http/list-query';
import { defineRoute, idParam } from '../../http/route';
import { presentOutlineObject } from '../course-content/presenter';
import { outlineObjectsByIds } from '../course-content/queries';
import { presentEnrollment } from '../enrollments/presenter';
import { progressCounts } from '../enrollments/service';
import { presentAnswer } from '../answers/presenter';
import { membersOf } from '../answers/service';
import { coachOverviewResource, studentResource } from './schema';
import { coachOverview } from './overview';
import { presentFollowUp, presentStudent } from './presenter';
import { findStudent, followsEveryone, studentFigures, studentPage } from './service';
import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';

const STUDENT_INCLUDES = ['enrollments', 'answers', 'follow_ups'] as const;

export const coachingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/students',
    summary:
      "The caller's students (coaches: their mentees and enrolled students without a primary coach; staff: every student). Filters mentees, search, course, inactive_days, waiting; sort full_name, last_online, progress",
    tags: ['coaching'],
    permission: 'follow:student',
    response: listDocument(studentResource),
    query: z.object({
      ...listQueryShape,
      'filter[mentees]': booleanFilter.optional(),
      'filter[search]': z.string().max(100).optional(),
      'filter[course]': idListFilter.optional(),
      'filter[inactive_days]': z.coerce.number().int().min(1).max(3650).optional(),
      'filter[waiting]': booleanFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const sort = sortFrom(query.sort, ['full_name', 'last_online', 'progress'] as const, [
        { key: 'full_name', direction: 'asc' },
      ]);
      const page = pageFrom(query);
      const filters = {
        mentees: query['filter[mentees]'],
        search: query['filter[search]']?.trim() || undefined,
        course: query['filter[course]'],
        inactiveDays: query['filter[inactive_days]'],
        waiting: query['filter[waiting]'],
      };
      const { rows: pageRows, total } = await studentPage(
        services.db,
        portal.id,
        account,
        filters,
        sort,
        page,
      );
      const figures = await studentFigures(
        services.db,
        portal.id,
        pageRows.map((row) => row.id),
      );
      return buildDocument(
        pageRows.map((row) => presentStudent(row, figures.get(row.id), { coachId: account.id })),
        { meta: pageMeta(total, page) },
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/students/:student',
    summary:
      "One of the caller's students, with include=enrollments (progress per course), answers (handed in, newest first) and follow_ups (flag follow-ups); someone else's student is a 404",
    tags: ['coaching'],
    permission: 'follow:student',
    response: resourceDocument(studentResource),
    params: z.object({ student: idParam }),
    query: z.object({ include: listQueryShape.include }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, STUDENT_INCLUDES);
      const db = services.db;
      const row = await findStudent(db, portal.id, account, params.student);
      const figures = (await studentFigures(db, portal.id, [row.id])).get(row.id);
      const answers = await db
        .selectFrom('answers')
        .innerJoin('answer_members', 'answer_members.answer_id', 'answers.id')
        .selectAll('answers')
        .where('answers.portal_id', '=', portal.id)
        .where('answer_members.account_id', '=', row.id)
        .where('answers.status', '!=', 'draft')
        .orderBy('answers.submitted_at', 'desc')
        .orderBy('answers.id', 'desc')
        .limit(100)
        .execute();
      const included: ResourceObject[] = [];
      if (include.has('enrollments') && figures && figures.enrollments.length > 0) {
        const enrollments = await db
          .selectFrom('enrollments')
          .selectAll()
          .where('id', 'in', figures.enrollments)
          .orderBy('id')
          .execute();
        const counts = await progressCounts(db, enrollments);
        included.push(...enrollments.map((e) => presentEnrollment(e, counts.get(e.id))));
        const courses = await db
          .selectFrom('courses')
          .select(['id', 'title', 'status'])
          .where('portal_id', '=', portal.id)
          .where('id', 'in', [...new Set(enrollments.map((e) => e.course_id))])
          .execute();
        included.push(
          ...courses.map((course) => ({
            type: 'courses',
            id: String(course.id),
            attributes: { title: course.title, status: course.status },
          })),
        );
      }
      if (include.has('answers') && answers.length > 0) {
        const members = await membersOf(
          db,
          answers.map((a) => a.id),
        );
        included.push(
          ...answers.map((a) =>
            presentAnswer(a, members.get(a.id) ?? [], [], {
              edit: false,
              submit: false,
              review: a.status === 'submitted',
              respond: false,
            }),
          ),
        );
        const objects = await outlineObjectsByIds(
          db,
          portal.id,
          answers.map((a) => a.learning_object_id),
        );
        included.push(...objects.map(presentOutlineObject));
      }
      let followUpIds: number[] = [];
      if (include.has('follow_ups') && can(subjectOf(account, portal), 'plan:follow-up')) {
        let followUps = db
          .selectFrom('follow_ups')
          .selectAll()
          .where('portal_id', '=', portal.id)
          .where('student_id', '=', row.id);
        if (!followsEveryone(account)) followUps = followUps.where('coach_id', '=', account.id);
        const rows = await followUps.orderBy('due_at', 'desc').orderBy('id', 'desc').limit(100).execute();
        const now = new Date();
        followUpIds = rows.map((f) => f.id);
        included.push(...rows.map((f) => presentFollowUp(f, now)));
      }
      return buildDocument(
        presentStudent(row, figures, {
          coachId: account.id,
          answerIds: answers.map((a) => a.id),
          followUpIds,
        }),
        include.size > 0 ? { included } : {},
      );
    },
  }),
];

export const coachOverviewRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/coach/overview',
    summary:
      "The coach's dashboard in one read: answers waiting (oldest first, with age), open tickets waiting for an answer, follow-ups due or overdue, students inactive for filter[inactive_days] (default 14), recent completions, submissions and reviews per week over 12 weeks, and the mentees' progress distribution",
    tags: ['coaching'],
    permission: 'follow:student',
    response: resourceDocument(coachOverviewResource),
    query: z.object({ 'filter[inactive_days]': z.coerce.number().int().min(1).max(3650).optional() }),
    async handler({ services, portal, account, query }) {
      const attributes = await coachOverview(services.db, portal.id, account, {
        inactiveDays: query['filter[inactive_days]'] ?? 14,
        followUps: can(subjectOf(account, portal), 'plan:follow-up'),
        tickets: can(subjectOf(account, portal), 'answer:ticket'),
      });
      return buildDocument({ type: 'coach_overviews', id: String(account.id), attributes });
    },
  }),
];
