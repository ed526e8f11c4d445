import { z } from 'zod';
import { authorize } from '../../http/authorize';
import { ApiError } from '../../http/errors';
import { includeRelated } from '../../http/includes';
import {
  buildDocument,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  resourceDocument,
} from '../../http/jsonapi';
import { includeQuery } from '../../http/query-contract';
import { idListFilter } from '../../http/list-query';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo } from '../../http/write-document';
import { changeFollowUp, planFollowUp } from './follow-up-commands';
import { FOLLOW_UP_DUE, FOLLOW_UP_KINDS, listFollowUps } from './follow-ups';
import { presentFollowUp } from './presenter';
import { FOLLOW_UP_INCLUDES } from './resources';
import { followUpResource } from './schema';
import { findStudent, followsEveryone } from './service';
import { dayOrDateTime } from '../../http/dates';

/** An ISO 8601 date and time (or date); anything else is a 422 on the attribute. */
const isoDateTime = dayOrDateTime;

const note = z.string().trim().max(2000);

export const followUpRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/follow_ups',
    summary:
      "Follow-ups (flag follow-ups): a coach's own, staff every one of the portal. filter[due]=overdue|today|week (not done), filter[student]; soonest first; include=student,coach (accounts)",
    tags: ['coaching'],
    permission: 'plan:follow-up',
    response: listDocument(followUpResource),
    query: z.object({
      ...listQueryShape,
      include: includeQuery(FOLLOW_UP_INCLUDES),
      'filter[due]': z.enum(FOLLOW_UP_DUE).optional(),
      'filter[student]': idListFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, FOLLOW_UP_INCLUDES);
      const list = await listFollowUps(
        services.db,
        portal.id,
        {
          coachId: followsEveryone(account) ? undefined : account.id,
          studentIds: query['filter[student]'],
          due: query['filter[due]'],
        },
        pageFrom(query),
      );
      const now = new Date();
      const followUps = list.rows.map((row) => presentFollowUp(row, now));
      return buildDocument(followUps, {
        meta: list.meta,
        included: await includeRelated({ services, portal, account }, 'follow_ups', followUps, include),
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/follow_ups',
    summary:
      'Plan a follow-up with one of your students: relationships.student (accounts), due_at (ISO 8601), kind call|meeting|message, note',
    tags: ['coaching'],
    permission: 'plan:follow-up',
    status: 201,
    response: resourceDocument(followUpResource),
    resourceType: 'follow_ups',
    body: z.object({
      student: relatedTo('accounts'),
      due_at: isoDateTime,
      kind: z.enum(FOLLOW_UP_KINDS),
      note: note.default(''),
    }),
    async handler({ services, portal, account, body, pointer }) {
      try {
        await findStudent(services.db, portal.id, account, body.student);
      } catch {
        throw ApiError.validation([
          { pointer: pointer('student'), detail: 'This is not one of your students.' },
        ]);
      }
      const row = await planFollowUp(services.db, portal.id, account.id, {
        studentId: body.student,
        kind: body.kind,
        note: body.note,
        dueAt: body.due_at,
      });
      return buildDocument(presentFollowUp(row));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/follow_ups/:follow_up',
    summary: 'Change a follow-up (due_at, kind, note) or mark it done with an outcome (done: true, outcome)',
    tags: ['coaching'],
    permission: 'plan:follow-up',
    response: resourceDocument(followUpResource),
    params: z.object({ follow_up: idParam }),
    resourceType: 'follow_ups',
    body: z.object({
      due_at: isoDateTime.optional(),
      kind: z.enum(FOLLOW_UP_KINDS).optional(),
      note: note.optional(),
      done: z.boolean().optional(),
      outcome: z.string().trim().max(2000).nullable().optional(),
    }),
    async handler({ services, portal, account, params, body }) {
      authorize(account, portal, 'plan:follow-up');
      const row = await changeFollowUp(services.db, portal.id, account, params.follow_up, body);
      return buildDocument(presentFollowUp(row));
    },
  }),
];
