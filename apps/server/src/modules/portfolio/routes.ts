import { FEATURES } from '@leerpad/core';
import { z } from 'zod';
import { toFlag, fromFlag } from '../../db/dialect';
import type { PortfolioItemRow } from '../../db/schema-portfolio';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  deletedDocument,
  listDocument,
  listQueryShape,
  pageFrom,
  resourceDocument,
} from '../../http/jsonapi';
import { idListFilter, idReference } from '../../http/list-query';
import { readerLocale } from '../../http/locale';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import { verifyUrl } from '../certifications/presenter';
import { localized } from '../certifications/service';
import { sanitizeRichText } from '../course-content/rich-text';
import { sendFile, wantsDownload } from '../files/service';
import { askForFeedback, commentOnPortfolioItem, giveFeedbackThroughLink } from './commands';
import { portfolioPolicy } from './policy';
import { guestFile, presentComment, presentKind, presentRequest } from './presenter';
import {
  completedEnrollment,
  createItem,
  deleteItem,
  feedbackFormNames,
  filesOfItem,
  handleTakenByAnother,
  itemOfPortal,
  listFeedbackRequests,
  listItemComments,
  listItems,
  ownFileIds,
  profileOf,
  publicItemsOfHandle,
  publicProfile,
  publicShowcase,
  saveProfile,
  updateItem,
} from './queries';
import { ownProfile } from './profile';
import {
  ADDABLE_KINDS,
  feedbackFormResource,
  feedbackRequestResource,
  ownProfileResource,
  portfolioCommentResource,
  portfolioItemResource,
  publicProfileResource,
  VISIBILITIES,
} from './schema';
import {
  addCertificateItems,
  FEEDBACK_LINK_DAYS,
  findItem,
  HANDLE_PATTERN,
  parseJsonList,
  presentItems,
  requestOfToken,
} from './service';

const feature = FEATURES.portfolioFeature;
const itemParams = z.object({ portfolio_item: idParam });
const competencies = z.array(z.string().trim().min(1).max(60)).max(20);
const webUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value),
    'Enter a web address starting with http:// or https://.',
  );
const itemFields = {
  title: z.string().trim().min(1).max(200),
  body: z.string().max(100_000).optional(),
  url: webUrl.nullable().optional(),
  /** The files as an item reads them: `[{id, …}]`, only the ids count (uploads of your own, /v1/files). */
  files: z
    .array(z.object({ id: idReference }))
    .max(20)
    .transform((files) => files.map((file) => file.id))
    .optional(),
  visibility: z.enum(VISIBILITIES),
  competencies: competencies.optional(),
};

const emptyBody = (html: string) => html.replace(/<[^>]*>/g, '').trim() === '';

/** The files must be the student's own uploads (from /v1/files). */
async function checkFiles(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  ids: number[],
  pointer: (path: string) => string,
) {
  if (ids.length === 0) return;
  const found = await ownFileIds(services.db, portal.id, account.id, ids);
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0)
    throw ApiError.validation([
      { pointer: pointer(`files/${missing}/id`), detail: 'Attach files you uploaded yourself.' },
    ]);
}

async function itemDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  row: PortfolioItemRow,
) {
  const [item] = await presentItems(services.db, portal, [row], {
    id: account.id,
    comments: portfolioPolicy.comments(account, portal),
  });
  return buildDocument(item!);
}

async function visibleItem(services: Services, portal: PortalContext, account: AccountContext, id: number) {
  const item = await findItem(services.db, portal.id, id);
  portfolioPolicy.authorizeSee(account, portal, item);
  return item;
}

export const portfolioRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/portfolio_items',
    summary:
      "Portfolio items, newest first: a student's own (their certificates are added automatically); for coaches and staff the items students share with coaches or publicly (filter by student)",
    tags: ['portfolio'],
    permission: 'signed-in',
    feature,
    response: listDocument(portfolioItemResource),
    query: z.object({ ...listQueryShape, 'filter[student]': idListFilter.optional() }),
    async handler({ services, portal, account, query }) {
      const keeps = portfolioPolicy.keeps(account, portal);
      const comments = portfolioPolicy.comments(account, portal);
      if (!keeps && !comments) throw ApiError.forbidden('Only students and their coaches see portfolios.');
      if (keeps) await addCertificateItems(services.db, portal, account.id);
      const list = await listItems(
        services.db,
        portal.id,
        { accountId: account.id, shared: comments },
        query['filter[student]'],
        pageFrom(query),
      );
      const items = await presentItems(services.db, portal, list.rows, { id: account.id, comments });
      return buildDocument(items, { meta: list.meta });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/portfolio_items',
    summary:
      'Add an item to your portfolio: a reflection (rich text), evidence (files uploaded through /v1/files), a link or a completed course; private, for your coaches or public',
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    status: 201,
    response: resourceDocument(portfolioItemResource),
    resourceType: 'portfolio_items',
    body: z.object({
      kind: z.enum(ADDABLE_KINDS),
      course: relatedTo('courses').nullable().optional(),
      ...itemFields,
    }),
    async handler({ services, portal, account, body, pointer }) {
      const html = sanitizeRichText(body.body ?? '');
      const fileIds = body.files ?? [];
      if (body.kind === 'reflection' && emptyBody(html))
        throw ApiError.validation([{ pointer: pointer('body'), detail: 'Write your reflection.' }]);
      if (body.kind === 'link' && !body.url)
        throw ApiError.validation([{ pointer: pointer('url'), detail: 'Enter the web address.' }]);
      if (body.kind === 'evidence' && fileIds.length === 0)
        throw ApiError.validation([{ pointer: pointer('files'), detail: 'Attach at least one file.' }]);
      let courseId: number | null = null;
      if (body.kind === 'course') {
        const enrollment = body.course
          ? await completedEnrollment(services.db, portal.id, account.id, body.course)
          : undefined;
        if (!enrollment)
          throw ApiError.validation([
            { pointer: pointer('course'), detail: 'Choose a course you completed.' },
          ]);
        courseId = enrollment.course_id;
      }
      await checkFiles(services, portal, account, fileIds, pointer);
      const row = await createItem(services.db, portal.id, account.id, {
        kind: body.kind,
        title: body.title,
        body: html,
        url: body.kind === 'link' || body.url ? (body.url ?? null) : null,
        fileIds,
        courseId,
        visibility: body.visibility,
        competencies: body.competencies ?? [],
      });
      return itemDocument(services, portal, account, row);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portfolio_items/:portfolio_item',
    summary: 'One portfolio item (its student; coaches and staff when it is shared with them)',
    tags: ['portfolio'],
    permission: 'signed-in',
    feature,
    response: resourceDocument(portfolioItemResource),
    params: itemParams,
    async handler({ services, portal, account, params }) {
      const item = await visibleItem(services, portal, account, params.portfolio_item);
      return itemDocument(services, portal, account, item);
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/portfolio_items/:portfolio_item',
    summary: "Change your item's title, text, link, files, visibility or competencies",
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    response: resourceDocument(portfolioItemResource),
    params: itemParams,
    resourceType: 'portfolio_items',
    body: z.object({
      title: itemFields.title.optional(),
      body: itemFields.body,
      url: itemFields.url,
      files: itemFields.files,
      visibility: itemFields.visibility.optional(),
      competencies: itemFields.competencies,
    }),
    async handler({ services, portal, account, params, body, pointer }) {
      const item = await findItem(services.db, portal.id, params.portfolio_item);
      portfolioPolicy.authorizeOwn(account, item);
      const html = body.body !== undefined ? sanitizeRichText(body.body) : undefined;
      if (item.kind === 'reflection' && html !== undefined && emptyBody(html))
        throw ApiError.validation([{ pointer: pointer('body'), detail: 'Write your reflection.' }]);
      if (item.kind === 'link' && body.url === null)
        throw ApiError.validation([{ pointer: pointer('url'), detail: 'Enter the web address.' }]);
      if (body.files) {
        if (item.kind === 'evidence' && body.files.length === 0)
          throw ApiError.validation([{ pointer: pointer('files'), detail: 'Attach at least one file.' }]);
        await checkFiles(services, portal, account, body.files, pointer);
      }
      const updated = await updateItem(services.db, item, {
        title: body.title,
        body: html,
        url: body.url,
        fileIds: body.files,
        visibility: body.visibility,
        competencies: body.competencies,
      });
      return itemDocument(services, portal, account, updated);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/portfolio_items/:portfolio_item',
    summary: 'Remove an item from your portfolio (certificates stay; make them private instead)',
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    response: deletedDocument,
    params: itemParams,
    async handler({ services, portal, account, params }) {
      const item = await findItem(services.db, portal.id, params.portfolio_item);
      portfolioPolicy.authorizeOwn(account, item);
      if (item.kind === 'certificate')
        throw ApiError.forbidden('A certificate stays in the portfolio; make it private instead.');
      await deleteItem(services.db, item);
      return { meta: { deleted: true } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portfolio_items/:portfolio_item/comments',
    summary: "Coaches' comments on an item, oldest first (the student and those who may see the item)",
    tags: ['portfolio'],
    permission: 'signed-in',
    feature,
    response: listDocument(portfolioCommentResource),
    params: itemParams,
    query: z.object({ ...listQueryShape }),
    async handler({ services, portal, account, params, query }) {
      const item = await visibleItem(services, portal, account, params.portfolio_item);
      const list = await listItemComments(services.db, item, pageFrom(query, 100));
      return buildDocument(list.rows.map(presentComment), { meta: list.meta });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/portfolio_items/:portfolio_item/comments',
    summary: 'Comment on an item a student shared with coaches (coaches and staff); the student is notified',
    tags: ['portfolio'],
    permission: 'comment:portfolio-item',
    feature,
    status: 201,
    response: resourceDocument(portfolioCommentResource),
    params: itemParams,
    resourceType: 'portfolio_comments',
    body: z.object({ body: z.string().trim().min(1, 'Write a comment.').max(10_000) }),
    async handler({ services, portal, account, params, body }) {
      const item = await visibleItem(services, portal, account, params.portfolio_item);
      if (portfolioPolicy.owns(account, item))
        throw ApiError.forbidden('Coaches comment on the items their students share.');
      const row = await commentOnPortfolioItem(services.db, portal.id, item, account, body.body);
      return buildDocument(presentComment({ ...row, full_name: account.fullName }));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/feedback_requests',
    summary: 'Your requests for feedback (pending, rated or expired), newest first; filter by item',
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    response: listDocument(feedbackRequestResource),
    query: z.object({ ...listQueryShape, 'filter[item]': idListFilter.optional() }),
    async handler({ services, portal, account, query }) {
      const list = await listFeedbackRequests(
        services.db,
        portal.id,
        account.id,
        query['filter[item]'],
        pageFrom(query),
      );
      return buildDocument(list.rows.map(presentRequest), { meta: list.meta });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/feedback_requests',
    summary: `Ask someone for feedback on one of your items by e-mail: a single-use link valid ${FEEDBACK_LINK_DAYS} days to /rate (no account needed)`,
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    status: 201,
    response: resourceDocument(feedbackRequestResource),
    resourceType: 'feedback_requests',
    body: z.object({
      item: relatedTo('portfolio_items'),
      email: z.email('Enter an e-mail address.').trim().max(320),
      name: z.string().trim().min(1).max(200),
      message: z.string().trim().max(2000).nullable().optional(),
    }),
    async handler({ services, portal, account, body, pointer }) {
      const item = await itemOfPortal(services.db, portal.id, body.item);
      if (!item || !portfolioPolicy.owns(account, item))
        throw ApiError.validation([
          { pointer: pointer('item'), detail: 'Choose one of your portfolio items.' },
        ]);
      const row = await askForFeedback(services.db, services.mailer, portal, account, item, body);
      return buildDocument(presentRequest(row));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/rate/:token',
    summary:
      'The feedback form behind a link (public): the item, the rubric and who asked. Forged links are 404, used or expired ones 410',
    tags: ['portfolio'],
    permission: 'public',
    feature,
    response: resourceDocument(feedbackFormResource),
    params: z.object({ token: z.string().min(1).max(200) }),
    async handler({ services, portal, params }) {
      const request = await requestOfToken(services.db, portal.id, params.token);
      const item = await findItem(services.db, portal.id, request.item_id);
      const [names, files] = await Promise.all([
        feedbackFormNames(services.db, item),
        filesOfItem(services.db, portal.id, item),
      ]);
      return buildDocument({
        type: 'feedback_forms' as const,
        id: String(request.id),
        attributes: {
          rater_name: request.name,
          student_name: names.studentName,
          portal_name: portal.name,
          message: request.message,
          item: {
            kind: presentKind(item.kind),
            title: item.title,
            body: item.body,
            url: item.url,
            file_names: files.map((file) => file.name),
            files: files.map((file) =>
              guestFile(file, `/api/v1/rate/${encodeURIComponent(params.token)}/files/${file.id}`),
            ),
            course_title: names.courseTitle,
          },
          criteria: parseJsonList<string>(request.criteria),
          expires_at: request.expires_at,
        },
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/rate/:token',
    summary:
      'Give feedback through a link (public): a score of 1 to 5 per criterion and a comment. The link works once; the student is notified',
    tags: ['portfolio'],
    permission: 'public',
    feature,
    response: resourceDocument(feedbackRequestResource),
    params: z.object({ token: z.string().min(1).max(200) }),
    resourceType: 'feedback_ratings',
    body: z.object({
      scores: z.array(
        z
          .number()
          .int('Give a whole number from 1 to 5.')
          .min(1, 'Give a score from 1 to 5.')
          .max(5, 'Give a score from 1 to 5.'),
      ),
      comment: z.string().trim().max(5000).nullable().optional(),
    }),
    async handler({ services, portal, params, body }) {
      const request = await requestOfToken(services.db, portal.id, params.token);
      const criteria = parseJsonList<string>(request.criteria);
      if (body.scores.length !== criteria.length)
        throw ApiError.validation([
          { pointer: '/scores', detail: `Give a score for each of the ${criteria.length} criteria.` },
        ]);
      const item = await findItem(services.db, portal.id, request.item_id);
      const row = await giveFeedbackThroughLink(services.db, portal.id, request, item, body);
      return buildDocument(presentRequest(row));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/profile',
    summary: 'Your profile: headline, bio, avatar, public handle, whether it is public and may be indexed',
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    response: resourceDocument(ownProfileResource),
    async handler({ services, portal, account }) {
      return ownProfile(services, portal, account);
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/profile',
    summary:
      'Change your profile. The handle is URL-safe (a-z, 0-9, hyphens) and unique within the portal; a public profile needs one',
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    response: resourceDocument(ownProfileResource),
    resourceType: 'profiles',
    body: z.object({
      headline: z.string().trim().max(160).nullable().optional(),
      biography: z.string().trim().max(2000).nullable().optional(),
      handle: z.string().trim().max(100).nullable().optional(),
      is_public: z.boolean().optional(),
      indexable: z.boolean().optional(),
    }),
    async handler({ services, portal, account, body }) {
      const current = await profileOf(services.db, account.id);
      const handle = body.handle === undefined ? (current?.handle ?? null) : body.handle || null;
      if (handle !== null && !HANDLE_PATTERN.test(handle))
        throw ApiError.validation([
          {
            pointer: '/handle',
            code: 'HANDLE_INVALID',
            detail: 'Use 3 to 40 lowercase letters, digits and hyphens.',
          },
        ]);
      const isPublic = body.is_public ?? fromFlag(current?.is_public);
      if (isPublic && handle === null)
        throw ApiError.validation([
          { pointer: '/handle', code: 'REQUIRED', detail: 'Choose a handle to make your profile public.' },
        ]);
      const taken = async () =>
        handle !== null && (await handleTakenByAnother(services.db, portal.id, account.id, handle));
      const handleTaken = () =>
        ApiError.validation([
          { pointer: '/handle', code: 'HANDLE_TAKEN', detail: 'This handle is already taken.' },
        ]);
      if (await taken()) throw handleTaken();
      const values = {
        ...(body.headline !== undefined ? { headline: body.headline || null } : {}),
        ...(body.biography !== undefined ? { biography: body.biography || null } : {}),
        handle,
        is_public: toFlag(isPublic),
        ...(body.indexable !== undefined ? { indexable: toFlag(body.indexable) } : {}),
      };
      try {
        await saveProfile(services.db, portal.id, account.id, values);
      } catch (error) {
        // Two students claiming the same handle at once: the unique index lets one win.
        if (await taken()) throw handleTaken();
        throw error;
      }
      return ownProfile(services, portal, account);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/profiles/:handle',
    summary:
      'A public profile (public): headline, bio, avatar, public portfolio items and certificates with their verify links. Private or unknown handles are 404',
    tags: ['portfolio'],
    permission: 'public',
    feature,
    response: resourceDocument(publicProfileResource),
    params: z.object({ handle: z.string().min(1).max(100) }),
    async handler({ services, portal, params }) {
      const profile = await publicProfile(services.db, portal.id, params.handle);
      if (!profile) throw ApiError.notFound('profile');
      const { items, certificates } = await publicShowcase(services.db, portal.id, profile.account_id);
      const locale = readerLocale(null, portal);
      const filesByItem = new Map(
        await Promise.all(
          items.map(async (item) => [item.id, await filesOfItem(services.db, portal.id, item)] as const),
        ),
      );
      return buildDocument({
        type: 'public_profiles' as const,
        id: profile.handle!,
        attributes: {
          full_name: profile.full_name,
          avatar_url: profile.avatar_url,
          headline: profile.headline,
          biography: profile.biography,
          handle: profile.handle!,
          indexable: fromFlag(profile.indexable),
          items: items.map((item) => ({
            id: String(item.id),
            kind: presentKind(item.kind),
            title: item.title,
            body: item.body,
            url: item.url,
            files: (filesByItem.get(item.id) ?? []).map((file) =>
              guestFile(file, `/api/v1/profiles/${encodeURIComponent(profile.handle!)}/files/${file.id}`),
            ),
            course_title: item.course_title ?? null,
            competencies: parseJsonList<string>(item.competencies),
            created_at: item.created_at,
          })),
          certificates: certificates.map((certificate) => ({
            name: localized(certificate, locale).name,
            code: certificate.code,
            status: certificate.status,
            issued_at: certificate.issued_at,
            expires_at: certificate.expires_at,
            verify_url: verifyUrl(portal.row.base_url, certificate.code),
          })),
        },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/rate/:token/files/:file',
    summary:
      'Open or download a file of the item behind a feedback link (public, while the link works: used or expired links are 410, any other file 404)',
    tags: ['portfolio'],
    permission: 'public',
    feature,
    response: 'file',
    params: z.object({ token: z.string().min(1).max(200), file: idParam }),
    query: z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }),
    async handler({ services, portal, params, query, reply }) {
      const request = await requestOfToken(services.db, portal.id, params.token);
      const item = await findItem(services.db, portal.id, request.item_id);
      const file = (await filesOfItem(services.db, portal.id, item)).find((row) => row.id === params.file);
      if (!file) throw ApiError.notFound('file');
      return sendFile(services.storage, reply, file, {
        download: wantsDownload(query.download),
        cache: 'private, no-store',
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/profiles/:handle/files/:file',
    summary:
      "Open or download a file of a public profile's public item (public). Files of private or shared-with-coaches items, and private or unknown profiles, are 404",
    tags: ['portfolio'],
    permission: 'public',
    feature,
    response: 'file',
    params: z.object({ handle: z.string().min(1).max(100), file: idParam }),
    query: z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }),
    async handler({ services, portal, params, query, reply }) {
      const items = await publicItemsOfHandle(services.db, portal.id, params.handle);
      const item = items.find((row) => parseJsonList<number>(row.file_ids).map(Number).includes(params.file));
      const file =
        item && (await filesOfItem(services.db, portal.id, item)).find((row) => row.id === params.file);
      if (!file) throw ApiError.notFound('file');
      return sendFile(services.storage, reply, file, {
        download: wantsDownload(query.download),
        cache: 'private, max-age=300',
      });
    },
  }),
];
