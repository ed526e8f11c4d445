import { FEATURES } from '@leerpad/core';
import { z } from 'zod';
import { nowIso, toFlag, fromFlag } from '../../db/dialect';
import type { FileRow } from '../../db/schema-learning';
import type { FeedbackRequestRow, PortfolioItemRow } from '../../db/schema-portfolio';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  deletedDocument,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
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
  feedbackState,
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
  const owned = await services.db
    .selectFrom('files')
    .select('id')
    .where('portal_id', '=', portal.id)
    .where('account_id', '=', account.id)
    .where('id', 'in', ids)
    .execute();
  const found = new Set(owned.map((row) => row.id));
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
      const page = pageFrom(query);
      let base = services.db.selectFrom('portfolio_items').where('portal_id', '=', portal.id);
      base = base.where((eb) =>
        comments
          ? eb.or([eb('account_id', '=', account.id), eb('visibility', '!=', 'private')])
          : eb('account_id', '=', account.id),
      );
      if (query['filter[student]']) base = base.where('account_id', 'in', query['filter[student]']);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.size)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const items = await presentItems(services.db, portal, rows, { id: account.id, comments });
      return buildDocument(items, { meta: pageMeta(Number(count.total), page) });
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
          ? await services.db
              .selectFrom('enrollments')
              .select('course_id')
              .where('portal_id', '=', portal.id)
              .where('account_id', '=', account.id)
              .where('course_id', '=', body.course)
              .where('completed_at', 'is not', null)
              .executeTakeFirst()
          : undefined;
        if (!enrollment)
          throw ApiError.validation([
            { pointer: pointer('course'), detail: 'Choose a course you completed.' },
          ]);
        courseId = enrollment.course_id;
      }
      await checkFiles(services, portal, account, fileIds, pointer);
      const now = nowIso();
      const row = await services.db
        .insertInto('portfolio_items')
        .values({
          portal_id: portal.id,
          account_id: account.id,
          kind: body.kind,
          title: body.title,
          body: html,
          url: body.kind === 'link' || body.url ? (body.url ?? null) : null,
          file_ids: JSON.stringify(fileIds),
          course_id: courseId,
          certificate_id: null,
          visibility: body.visibility,
          competencies: JSON.stringify(body.competencies ?? []),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
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
      const updated = await services.db
        .updateTable('portfolio_items')
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(html !== undefined ? { body: html } : {}),
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.files ? { file_ids: JSON.stringify(body.files) } : {}),
          ...(body.visibility ? { visibility: body.visibility } : {}),
          ...(body.competencies ? { competencies: JSON.stringify(body.competencies) } : {}),
          updated_at: nowIso(),
        })
        .where('portal_id', '=', portal.id)
        .where('id', '=', item.id)
        .returningAll()
        .executeTakeFirstOrThrow();
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
      await services.db
        .deleteFrom('portfolio_items')
        .where('portal_id', '=', portal.id)
        .where('id', '=', item.id)
        .execute();
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
      const page = pageFrom(query, 100);
      const base = services.db
        .selectFrom('portfolio_comments')
        .where('portfolio_comments.portal_id', '=', portal.id)
        .where('portfolio_comments.item_id', '=', item.id);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('accounts', 'accounts.id', 'portfolio_comments.author_id')
          .selectAll('portfolio_comments')
          .select('accounts.full_name')
          .orderBy('portfolio_comments.id', 'asc')
          .limit(page.size)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return buildDocument(
        rows.map((row) => ({
          type: 'portfolio_comments' as const,
          id: String(row.id),
          attributes: { body: row.body, author_name: row.full_name ?? null, created_at: row.created_at },
          relationships: {
            item: { data: { type: 'portfolio_items' as const, id: String(row.item_id) } },
            author: {
              data: row.author_id !== null ? { type: 'accounts' as const, id: String(row.author_id) } : null,
            },
          },
        })),
        { meta: pageMeta(Number(count.total), page) },
      );
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
      return buildDocument({
        type: 'portfolio_comments' as const,
        id: String(row.id),
        attributes: { body: row.body, author_name: account.fullName, created_at: row.created_at },
        relationships: {
          item: { data: { type: 'portfolio_items' as const, id: String(item.id) } },
          author: { data: { type: 'accounts' as const, id: String(account.id) } },
        },
      });
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
      const page = pageFrom(query);
      let base = services.db
        .selectFrom('feedback_requests')
        .where('portal_id', '=', portal.id)
        .where('account_id', '=', account.id);
      if (query['filter[item]']) base = base.where('item_id', 'in', query['filter[item]']);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return buildDocument(rows.map(presentRequest), { meta: pageMeta(Number(count.total), page) });
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
      const item = await services.db
        .selectFrom('portfolio_items')
        .selectAll()
        .where('portal_id', '=', portal.id)
        .where('id', '=', body.item)
        .executeTakeFirst();
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
      const [student, files, course] = await Promise.all([
        services.db
          .selectFrom('accounts')
          .select('full_name')
          .where('id', '=', request.account_id)
          .executeTakeFirstOrThrow(),
        (() => {
          const ids = parseJsonList<number>(item.file_ids);
          return ids.length === 0 ? Promise.resolve([]) : filesOfItem(services, portal, item);
        })(),
        item.course_id === null
          ? Promise.resolve(undefined)
          : services.db
              .selectFrom('courses')
              .select('title')
              .where('id', '=', item.course_id)
              .executeTakeFirst(),
      ]);
      return buildDocument({
        type: 'feedback_forms' as const,
        id: String(request.id),
        attributes: {
          rater_name: request.name,
          student_name: student.full_name,
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
            course_title: course?.title ?? null,
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
      const current = await services.db
        .selectFrom('profiles')
        .selectAll()
        .where('account_id', '=', account.id)
        .executeTakeFirst();
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
        handle !== null &&
        Boolean(
          await services.db
            .selectFrom('profiles')
            .select('id')
            .where('portal_id', '=', portal.id)
            .where('handle', '=', handle)
            .where('account_id', '!=', account.id)
            .executeTakeFirst(),
        );
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
        await services.db
          .insertInto('profiles')
          .values({ portal_id: portal.id, account_id: account.id, ...values })
          .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
          .execute();
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
      const profile = await services.db
        .selectFrom('profiles')
        .innerJoin('accounts', 'accounts.id', 'profiles.account_id')
        .select([
          'profiles.account_id',
          'profiles.headline',
          'profiles.biography',
          'profiles.handle',
          'profiles.indexable',
          'accounts.full_name',
          'accounts.avatar_url',
        ])
        .where('profiles.portal_id', '=', portal.id)
        .where('profiles.handle', '=', params.handle.toLowerCase())
        .where('profiles.is_public', '=', 1)
        .where('accounts.deactivated_at', 'is', null)
        .executeTakeFirst();
      if (!profile) throw ApiError.notFound('profile');
      const [items, certificates] = await Promise.all([
        services.db
          .selectFrom('portfolio_items')
          .leftJoin('courses', 'courses.id', 'portfolio_items.course_id')
          .selectAll('portfolio_items')
          .select('courses.title as course_title')
          .where('portfolio_items.portal_id', '=', portal.id)
          .where('portfolio_items.account_id', '=', profile.account_id)
          .where('portfolio_items.visibility', '=', 'public')
          .where('portfolio_items.kind', '!=', 'certificate')
          .orderBy('portfolio_items.created_at', 'desc')
          .limit(100)
          .execute(),
        services.db
          .selectFrom('certificates')
          .innerJoin('certifications', 'certifications.id', 'certificates.certification_id')
          .selectAll('certifications')
          .select([
            'certificates.code',
            'certificates.status',
            'certificates.issued_at',
            'certificates.expires_at',
          ])
          .where('certificates.portal_id', '=', portal.id)
          .where('certificates.account_id', '=', profile.account_id)
          .where('certificates.status', '!=', 'revoked')
          .orderBy('certificates.issued_at', 'desc')
          .execute(),
      ]);
      const locale = readerLocale(null, portal);
      const filesByItem = new Map(
        await Promise.all(
          items.map(async (item) => [item.id, await filesOfItem(services, portal, item)] as const),
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
      const file = (await filesOfItem(services, portal, item)).find((row) => row.id === params.file);
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
      const items = await services.db
        .selectFrom('portfolio_items')
        .innerJoin('profiles', 'profiles.account_id', 'portfolio_items.account_id')
        .innerJoin('accounts', 'accounts.id', 'portfolio_items.account_id')
        .selectAll('portfolio_items')
        .where('portfolio_items.portal_id', '=', portal.id)
        .where('profiles.portal_id', '=', portal.id)
        .where('profiles.handle', '=', params.handle.toLowerCase())
        .where('profiles.is_public', '=', 1)
        .where('accounts.deactivated_at', 'is', null)
        .where('portfolio_items.visibility', '=', 'public')
        .where('portfolio_items.kind', '!=', 'certificate')
        .execute();
      const item = items.find((row) => parseJsonList<number>(row.file_ids).map(Number).includes(params.file));
      const file = item && (await filesOfItem(services, portal, item)).find((row) => row.id === params.file);
      if (!file) throw ApiError.notFound('file');
      return sendFile(services.storage, reply, file, {
        download: wantsDownload(query.download),
        cache: 'private, max-age=300',
      });
    },
  }),
];

/** The files attached to an item, in its order (only the portal's own and its student's uploads). */
async function filesOfItem(services: Services, portal: PortalContext, item: PortfolioItemRow) {
  const ids = parseJsonList<number>(item.file_ids).map(Number);
  if (ids.length === 0) return [];
  const rows = await services.db
    .selectFrom('files')
    .selectAll()
    .where('portal_id', '=', portal.id)
    .where('account_id', '=', item.account_id)
    .where('id', 'in', ids)
    .execute();
  return ids.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
}

const guestFile = (file: FileRow, url: string) => ({
  id: String(file.id),
  name: file.name,
  content_type: file.content_type,
  size: Number(file.byte_size),
  url,
});

const presentKind = (kind: string) =>
  (['reflection', 'evidence', 'link', 'course', 'certificate'] as const).find((known) => known === kind) ??
  'reflection';

function presentRequest(row: FeedbackRequestRow) {
  return {
    type: 'feedback_requests' as const,
    id: String(row.id),
    attributes: {
      email: row.email,
      name: row.name,
      message: row.message,
      state: feedbackState(row),
      criteria: parseJsonList<string>(row.criteria),
      expires_at: row.expires_at,
      rated_at: row.rated_at,
      created_at: row.created_at,
    },
    relationships: { item: { data: { type: 'portfolio_items' as const, id: String(row.item_id) } } },
  };
}
