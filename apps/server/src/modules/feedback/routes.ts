import { z } from 'zod';
import { buildDocument, listDocument, metaDocument, resourceDocument } from '../../http/jsonapi';
import { idReference } from '../../http/list-query';
import { defineRoute } from '../../http/route';
import { relatedTo } from '../../http/write-document';
import { upvoteProject } from './commands';
import { presentFeedbackNote, presentFeedbackProject } from './presenter';
import { feedbackNoteResource, feedbackProjectResource } from './schema';
import { listFeedbackProjects, sendFeedbackNote } from './service';

const projectId = idReference;

/**
 * Product feedback (spec §7): notes and upvotes on feedback projects. The local default keeps them
 * in our own database; the projects are product-wide, the notes belong to the sender's portal.
 */
export const feedbackRoutes = [
  defineRoute({
    method: 'GET',
    url: '/feedback/projects',
    summary: 'Feedback projects: ideas (backlog) and what is in development (planned, started)',
    tags: ['feedback'],
    permission: 'signed-in',
    response: listDocument(feedbackProjectResource),
    async handler({ services }) {
      const rows = await listFeedbackProjects(services.db);
      return buildDocument(rows.map(presentFeedbackProject), { meta: { total: rows.length, last_page: 1 } });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/feedback/note',
    summary: 'Send feedback, optionally about one project',
    tags: ['feedback'],
    permission: 'signed-in',
    response: resourceDocument(feedbackNoteResource),
    status: 201,
    resourceType: 'feedback_notes',
    body: z.object({
      feedback: z
        .string()
        .trim()
        .min(1, 'This field is required.')
        .max(5000, 'This field has a maximum of 5000 characters.'),
      email: z.string().trim().email('This field should contain a valid email address.').max(254).nullish(),
      url: z.string().max(2000).nullish(),
      entity: z.string().max(200).nullish(),
      // Written as read (decision 050); the note's `account` is read only: it is the sender.
      project: relatedTo('feedback_projects').nullish(),
      segments: z.array(z.string().max(100)).max(20).optional(),
    }),
    async handler({ services, portal, account, body, pointer }) {
      // The note is always filed under the signed-in account, whatever the body claims.
      const { project, ...note } = body;
      const filed = await sendFeedbackNote(
        services.db,
        portal.id,
        account.id,
        { ...note, project_id: project ?? null },
        pointer,
      );
      return buildDocument(presentFeedbackNote(filed));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/feedback/upvote',
    summary: 'Upvote a feedback project, once per account',
    tags: ['feedback'],
    permission: 'signed-in',
    response: metaDocument({ upvoted: z.literal(true) }),
    resourceType: 'feedback_upvotes',
    body: z.object({
      email: z
        .string()
        .trim()
        .min(1, 'This field is required.')
        .email('This field should contain a valid email address.')
        .max(254),
      project_id: projectId,
    }),
    async handler({ services, account, body, pointer }) {
      await upvoteProject(
        services.db,
        { accountId: account.id, email: body.email, projectId: body.project_id },
        pointer,
      );
      return { meta: { upvoted: true as const } };
    },
  }),
];
