import { z } from 'zod';
import {
  buildDocument,
  identifier,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { includeQuery, sortQuery } from '../../http/query-contract';
import { includeRelated } from '../../http/includes';
import { booleanFilter, idListFilter, sortFrom } from '../../http/list-query';
import { defineRoute, idParam } from '../../http/route';
import { coachOverviewResource, studentResource } from './schema';
import { coachOverview } from './overview';
import { presentStudent } from './presenter';
import { STUDENT_INCLUDES } from './resources';
import { findStudent, followsEveryone, studentFigures, studentLinks, studentPage } from './service';
import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';

const STUDENT_SORTS = ['full_name', 'last_online', 'progress'] as const;

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
      sort: sortQuery(STUDENT_SORTS),
      'filter[mentees]': booleanFilter.optional(),
      'filter[search]': z.string().max(100).optional(),
      'filter[course]': idListFilter.optional(),
      'filter[inactive_days]': z.coerce.number().int().min(1).max(3650).optional(),
      'filter[waiting]': booleanFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const sort = sortFrom(query.sort, STUDENT_SORTS, [{ key: 'full_name', direction: 'asc' }]);
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
      "One of the caller's students, with include=enrollments (progress per course), answers (handed in, newest first), follow_ups (flag follow-ups), results (scored objects: quizzes and SCORM packages) and tickets (the ones the caller may see, newest first); someone else's student is a 404",
    tags: ['coaching'],
    permission: 'follow:student',
    response: resourceDocument(studentResource),
    params: z.object({ student: idParam }),
    query: z.object({ include: includeQuery(STUDENT_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, STUDENT_INCLUDES);
      const db = services.db;
      const row = await findStudent(db, portal.id, account, params.student);
      const figures = (await studentFigures(db, portal.id, [row.id])).get(row.id);
      const followUps = include.has('follow_ups') && can(subjectOf(account, portal), 'plan:follow-up');
      const links = await studentLinks(
        db,
        portal.id,
        row.id,
        followUps ? { coachId: followsEveryone(account) ? undefined : account.id } : null,
      );
      const student = presentStudent(row, figures, { coachId: account.id, ...links });
      const included = await includeRelated({ services, portal, account }, 'students', [student], include);
      if (include.has('tickets')) {
        const tickets = (included ?? []).filter((resource) => resource.type === 'tickets');
        student.relationships.tickets = { data: tickets.map((ticket) => identifier('tickets', ticket.id)) };
      }
      if (include.has('results')) {
        const results = (included ?? []).filter((resource) => resource.type === 'learning_object_progress');
        student.relationships.results = {
          data: results.map((result) => identifier('learning_object_progress', result.id)),
        };
      }
      return buildDocument(student, { included });
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
