import { z } from 'zod';
import {
  buildDocument,
  deletedDocument,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { relatedToMany } from '../../http/write-document';
import { actorOf } from '../../context/account';
import { presentAnnouncement } from './presenter';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_LANGUAGES, announcementResource } from './schema';
import {
  createAnnouncement,
  currentAnnouncementsFor,
  deleteAnnouncement,
  findAnnouncement,
  listAnnouncements,
  setReaderState,
  updateAnnouncement,
} from './service';
import { dateTime } from '../../http/dates';

const fields = {
  title: z.string().trim().min(1).max(200),
  body: z.string().max(200_000),
  language: z.enum(ANNOUNCEMENT_LANGUAGES),
  audience: z.array(z.enum(ANNOUNCEMENT_AUDIENCES)).min(1).max(ANNOUNCEMENT_AUDIENCES.length),
  courses: relatedToMany('courses', 100),
  starts_at: dateTime,
  ends_at: dateTime.nullable(),
};

export const announcementRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/announcements',
    summary: 'Every announcement of the portal, newest window first (scheduled, current and ended)',
    tags: ['announcements'],
    permission: 'manage:announcement',
    response: listDocument(announcementResource),
    query: z.object({
      'page[number]': listQueryShape['page[number]'],
      'page[size]': listQueryShape['page[size]'],
    }),
    async handler({ services, portal, query }) {
      const page = pageFrom(query);
      const { rows, total } = await listAnnouncements(services.db, portal.id, page);
      return buildDocument(
        rows.map((row) => presentAnnouncement(row)),
        { meta: pageMeta(total, page) },
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/announcements/current',
    summary: 'The announcements within their window addressed to the signed-in account, with its read state',
    tags: ['announcements'],
    permission: 'signed-in',
    response: listDocument(announcementResource),
    query: z.object({ 'filter[dismissed]': z.enum(['true', 'false']).optional() }),
    async handler({ services, portal, account, query }) {
      const rows = await currentAnnouncementsFor(services.db, portal.id, account, {
        includeDismissed: query['filter[dismissed]'] === 'true',
      });
      return buildDocument(
        rows.map((row) => presentAnnouncement(row, row)),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/announcements/:announcement',
    summary: 'One announcement',
    tags: ['announcements'],
    permission: 'manage:announcement',
    response: resourceDocument(announcementResource),
    params: z.object({ announcement: idParam }),
    async handler({ services, portal, params }) {
      return buildDocument(
        presentAnnouncement(await findAnnouncement(services.db, portal.id, params.announcement)),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/announcements',
    summary: 'Write an announcement; its audience is notified when the window starts (a background job)',
    tags: ['announcements'],
    permission: 'manage:announcement',
    response: resourceDocument(announcementResource),
    status: 201,
    resourceType: 'announcements',
    body: z.object({
      ...fields,
      courses: fields.courses.default([]),
      ends_at: fields.ends_at.default(null),
    }),
    async handler({ request, services, portal, account, body, pointer }) {
      const { courses, ...rest } = body;
      const row = await createAnnouncement(
        services.db,
        portal.id,
        { ...rest, course_ids: courses },
        actorOf(account, request.ip),
        pointer,
      );
      return buildDocument(presentAnnouncement(row));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/announcements/:announcement',
    summary: 'Change an announcement (a window that has not started yet still notifies once when it does)',
    tags: ['announcements'],
    permission: 'manage:announcement',
    response: resourceDocument(announcementResource),
    params: z.object({ announcement: idParam }),
    resourceType: 'announcements',
    body: z.object({
      title: fields.title.optional(),
      body: fields.body.optional(),
      language: fields.language.optional(),
      audience: fields.audience.optional(),
      courses: fields.courses.optional(),
      starts_at: fields.starts_at.optional(),
      ends_at: fields.ends_at.optional(),
    }),
    async handler({ request, services, portal, account, params, body, pointer }) {
      const { courses, ...rest } = body;
      const row = await updateAnnouncement(
        services.db,
        portal.id,
        params.announcement,
        { ...rest, ...(courses === undefined ? {} : { course_ids: courses }) },
        actorOf(account, request.ip),
        pointer,
      );
      return buildDocument(presentAnnouncement(row));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/announcements/:announcement',
    summary: 'Remove an announcement',
    tags: ['announcements'],
    permission: 'manage:announcement',
    response: deletedDocument,
    params: z.object({ announcement: idParam }),
    async handler({ request, services, portal, account, params }) {
      await deleteAnnouncement(services.db, portal.id, params.announcement, actorOf(account, request.ip));
      return { meta: { deleted: true } };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/announcements/:announcement/state',
    summary: 'Mark an announcement addressed to the signed-in account read or dismissed (or undo it)',
    tags: ['announcements'],
    permission: 'signed-in',
    response: resourceDocument(announcementResource),
    params: z.object({ announcement: idParam }),
    resourceType: 'announcement_states',
    body: z.object({ read: z.boolean().optional(), dismissed: z.boolean().optional() }),
    async handler({ services, portal, account, params, body }) {
      const { row, state } = await setReaderState(services.db, portal.id, params.announcement, account, body);
      return buildDocument(presentAnnouncement(row, state));
    },
  }),
];
