import { toFlag } from '../../db/dialect';
import { COURSE_SORTS, COURSE_STATUSES, FEATURES } from '@leerpad/core';
import type { CourseSort } from '@leerpad/core';
import { z } from 'zod';
import type { CourseRow } from '../../db/schema-learning';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import { includeRelated } from '../../http/includes';
import {
  buildDocument,
  deletedDocument,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { includeQuery, sortQuery } from '../../http/query-contract';
import { enumListFilter, idListFilter, idReference, sortFrom } from '../../http/list-query';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo, relatedToMany } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import { coursePolicy } from '../course-content/policy';
import { presentCourse, presentOutlineObject } from '../course-content/presenter';
import {
  findCourse,
  findEnrollment,
  findSection,
  labelsByCourse,
  learningObjectCounts,
  outlineObjectsOf,
  sectionsOf,
} from '../course-content/queries';
import { RICH_TEXT_MAX_CHARS, sanitizeRichText } from '../course-content/rich-text';
import { progressInCourse } from '../enrollments/service';
import { presentSection } from './presenter';
import { COURSE_INCLUDES, COURSE_LIST_INCLUDES } from './resources';
import {
  checkCourseReferences,
  createCourse,
  createSection,
  deleteCourse,
  deleteSection,
  listCourses,
  reorderOutline,
  updateCourse,
  updateSection,
} from './service';
import type { CourseChanges } from './service';
import { courseResource, courseSectionResource } from './schema';

const courseParams = z.object({ course: idParam });
/** The address a read gives as `cover_image_url` when the cover is an uploaded file. */
const COVER_FILE_ADDRESS = /^\/api\/v1\/files\/\d+\/content$/;
const sectionParams = z.object({ section: idParam });

const courseFields = {
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(1000),
  description: z.string().max(RICH_TEXT_MAX_CHARS),
  language: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Use a language code such as nl or en-GB.'),
  status: z.enum(COURSE_STATUSES),
  catalog_category: relatedTo('catalog_categories').nullable(),
  content_labels: relatedToMany('content_labels', 50),
  estimated_minutes: z.number().int().min(0).max(100_000).nullable(),
  requires_approval: z.boolean(),
  requires_signoff: z.boolean(),
  cover_file: relatedTo('files').nullable(),
  // A read gives the cover file's own address here when the cover is a file; sent back, it changes nothing.
  cover_image_url: z
    .union([z.url({ protocol: /^https?$/ }).max(2000), z.string().regex(COVER_FILE_ADDRESS)])
    .nullable(),
};
const updateCourseBody = z.object({
  title: courseFields.title.optional(),
  summary: courseFields.summary.optional(),
  description: courseFields.description.optional(),
  language: courseFields.language.optional(),
  status: courseFields.status.optional(),
  catalog_category: courseFields.catalog_category.optional(),
  content_labels: courseFields.content_labels.optional(),
  estimated_minutes: courseFields.estimated_minutes.optional(),
  requires_approval: courseFields.requires_approval.optional(),
  requires_signoff: courseFields.requires_signoff.optional(),
  cover_file: courseFields.cover_file.optional(),
  cover_image_url: courseFields.cover_image_url.optional(),
});
const createCourseBody = updateCourseBody.extend({ title: courseFields.title });
type CourseBody = z.output<typeof updateCourseBody>;

/** Validated, sanitised column changes from a course body, written as a course is read (decision 050). */
async function courseChanges(
  services: Services,
  portal: PortalContext,
  body: CourseBody,
  pointer: (attribute: string) => string,
  current?: CourseRow,
): Promise<CourseChanges> {
  // The category a course already has, sent back unchanged, is no change even with the feature off.
  const newCategory = body.catalog_category && body.catalog_category !== current?.catalog_category_id;
  if (newCategory && !portal.features.has(FEATURES.catalogCategories)) {
    throw ApiError.validation([
      {
        pointer: pointer('catalog_category'),
        code: 'FEATURE_DISABLED',
        detail: 'Catalog categories are not enabled for this portal.',
      },
    ]);
  }
  const {
    requires_approval: requiresApproval,
    requires_signoff: requiresSignoff,
    catalog_category: catalogCategoryId,
    content_labels: contentLabelIds,
    cover_file: coverFileId,
    cover_image_url: coverImageUrl,
    ...rest
  } = body;
  // A read shows a file cover's own address as cover_image_url; the cover_file relationship is
  // what sets that cover, so the address sent back is no change.
  const fileAddress = typeof coverImageUrl === 'string' && COVER_FILE_ADDRESS.test(coverImageUrl);
  const changes: CourseChanges = {
    ...rest,
    ...(catalogCategoryId === undefined ? {} : { catalog_category_id: catalogCategoryId }),
    ...(contentLabelIds === undefined ? {} : { content_label_ids: contentLabelIds }),
    ...(coverFileId === undefined ? {} : { cover_file_id: coverFileId }),
    ...(coverImageUrl === undefined || fileAddress ? {} : { cover_image_url: coverImageUrl }),
    ...(requiresApproval === undefined ? {} : { requires_approval: toFlag(requiresApproval) }),
    ...(requiresSignoff === undefined ? {} : { requires_signoff: toFlag(requiresSignoff) }),
    ...(body.description === undefined ? {} : { description: sanitizeRichText(body.description) }),
  };
  await checkCourseReferences(services.db, portal.id, changes, pointer);
  return changes;
}

const defaultLanguage = (portal: PortalContext) =>
  portal.parameters.find((parameter) => parameter.type === 'default_language')?.data ?? 'nl';

/** One course with whatever the client asked to include; the reads run side by side. */
async function courseDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  courseOrId: CourseRow | number,
  include: ReadonlySet<string>,
) {
  const db = services.db;
  const courseId = typeof courseOrId === 'number' ? courseOrId : courseOrId.id;
  const withOutline = include.has('course_sections') || include.has('learning_objects');
  const withProgress = include.has('learning_object_progress') || include.has('enrollment');
  // Every read is keyed by the course id, so they all go out at once; a missing course still 404s.
  const [course, enrollment, labels, sections, objects, progress] = await Promise.all([
    typeof courseOrId === 'number' ? findCourse(db, portal.id, courseOrId) : courseOrId,
    findEnrollment(db, portal.id, courseId, account.id),
    labelsByCourse(db, portal.id, [courseId]),
    withOutline ? sectionsOf(db, portal.id, courseId) : undefined,
    // The enrolment's progress is counted against the outline, so the outline comes along.
    withOutline || withProgress ? outlineObjectsOf(db, portal.id, courseId) : undefined,
    withProgress ? progressInCourse(db, portal.id, courseId, account.id) : undefined,
  ]);
  if (!coursePolicy.canView(account, course, Boolean(enrollment))) throw ApiError.notFound('course');
  const objectCount = objects ? objects.length : (await learningObjectCounts(db, [course.id])).get(course.id);
  const resource = presentCourse(course, {
    labels: labels.get(course.id) ?? [],
    learningObjectsCount: objectCount ?? 0,
    enrollment: enrollment ?? null,
    abilities: coursePolicy.abilities(account, course, Boolean(enrollment)),
    sections,
  });
  // Outline order: sections in order, objects in order within each.
  const sectionOrder = new Map((sections ?? []).map((section, index) => [section.id, index]));
  const outline = [...(objects ?? [])].sort(
    (a, b) =>
      (sectionOrder.get(a.section_id) ?? 0) - (sectionOrder.get(b.section_id) ?? 0) ||
      a.position - b.position ||
      a.id - b.id,
  );
  const included = await includeRelated(
    { services, portal, account },
    'courses',
    [
      {
        id: course.id,
        catalog_category_id: course.catalog_category_id,
        label_ids: (labels.get(course.id) ?? []).map((label) => label.id),
        enrollment_id: enrollment?.id ?? null,
        ...(sections && objects
          ? { section_ids: sections.map((section) => section.id), outline_ids: outline.map((o) => o.id) }
          : {}),
        progress_ids: enrollment ? (progress ?? []).map((row) => row.id) : [],
      },
    ],
    include,
    // The outline read above, presented as the section and learning-object loaders would.
    sections && objects
      ? [
          ...sections.map((section) =>
            presentSection(
              section,
              outline.filter((object) => object.section_id === section.id).map((object) => object.id),
            ),
          ),
          ...outline.map(presentOutlineObject),
        ]
      : [],
  );
  return buildDocument(resource, { included });
}

export const courseRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/courses',
    summary:
      'Courses: the published catalog for students and coaches, every course for staff. Search, filter by category, label, status and language; sort; page',
    tags: ['courses'],
    permission: 'signed-in',
    response: listDocument(courseResource),
    query: z.object({
      ...listQueryShape,
      include: includeQuery(COURSE_LIST_INCLUDES),
      sort: sortQuery(COURSE_SORTS),
      'filter[search]': z.string().max(200).optional(),
      'filter[category]': idListFilter.optional(),
      'filter[label]': idListFilter.optional(),
      'filter[status]': enumListFilter(COURSE_STATUSES).optional(),
      'filter[language]': z.string().max(20).optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, COURSE_LIST_INCLUDES);
      const allCourses = coursePolicy.canSeeAllCourses(account);
      const sort = sortFrom<CourseSort>(
        query.sort,
        COURSE_SORTS,
        allCourses ? [{ key: 'updated_at', direction: 'desc' }] : [{ key: 'title', direction: 'asc' }],
      );
      const page = pageFrom(query);
      const { rows, total } = await listCourses(services.db, services.dialect, portal.id, {
        statuses: allCourses ? (query['filter[status]'] ?? null) : ['published'],
        search: query['filter[search]'],
        categoryIds: query['filter[category]'],
        labelIds: query['filter[label]'],
        language: query['filter[language]'],
        sort,
        page,
        accountId: account.id,
      });
      const labels = await labelsByCourse(
        services.db,
        portal.id,
        rows.map((row) => row.id),
      );
      const data = rows.map((row) =>
        presentCourse(row, {
          labels: labels.get(row.id) ?? [],
          learningObjectsCount: row.learning_objects_count,
          enrollment: row.enrollment_id === null ? null : { id: row.enrollment_id },
          abilities: coursePolicy.abilities(account, row, row.enrollment_id !== null),
        }),
      );
      const included = await includeRelated(
        { services, portal, account },
        'courses',
        rows.map((row) => ({
          ...row,
          label_ids: (labels.get(row.id) ?? []).map((label) => label.id),
        })),
        include,
      );
      return buildDocument(data, {
        meta: pageMeta(total, page),
        included,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/courses/:course',
    summary:
      'One course; include=course_sections,learning_objects for the outline, learning_object_progress and enrollment for the signed-in student',
    tags: ['courses'],
    permission: 'signed-in',
    response: resourceDocument(courseResource),
    params: courseParams,
    query: z.object({ include: includeQuery(COURSE_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, COURSE_INCLUDES);
      return courseDocument(services, portal, account, params.course, include);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/courses',
    summary: 'Create a course (course managers); it starts as a draft unless a status is given',
    tags: ['courses'],
    permission: 'manage:course',
    response: resourceDocument(courseResource),
    status: 201,
    resourceType: 'courses',
    body: createCourseBody,
    async handler({ services, portal, account, body, pointer }) {
      const changes = await courseChanges(services, portal, body, pointer);
      const id = await createCourse(services.db, portal.id, account.id, {
        ...changes,
        title: body.title,
        language: body.language ?? defaultLanguage(portal),
      });
      const course = await findCourse(services.db, portal.id, id);
      return courseDocument(
        services,
        portal,
        account,
        course,
        new Set(['content_labels', 'catalog_category']),
      );
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/courses/:course',
    summary: 'Change a course (course managers); publishing sets published_at the first time',
    tags: ['courses'],
    permission: 'manage:course',
    response: resourceDocument(courseResource),
    params: courseParams,
    resourceType: 'courses',
    body: updateCourseBody,
    async handler({ services, portal, account, params, body, pointer }) {
      const course = await findCourse(services.db, portal.id, params.course);
      const changes = await courseChanges(services, portal, body, pointer, course);
      await updateCourse(services.db, course, changes);
      const updated = await findCourse(services.db, portal.id, course.id);
      return courseDocument(
        services,
        portal,
        account,
        updated,
        new Set(['content_labels', 'catalog_category']),
      );
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/courses/:course',
    summary: 'Delete a course without enrolments (course managers); 409 COURSE_HAS_ENROLLMENTS otherwise',
    tags: ['courses'],
    permission: 'manage:course',
    response: deletedDocument,
    params: courseParams,
    async handler({ services, portal, params }) {
      const course = await findCourse(services.db, portal.id, params.course);
      await deleteCourse(services.db, course);
      return { meta: { deleted: true } };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/courses/:course/outline',
    summary:
      'Reorder the outline: every section in order, each with every learning object in order (objects may move between sections)',
    tags: ['courses'],
    permission: 'manage:course',
    response: resourceDocument(courseResource),
    params: courseParams,
    query: z.object({ include: includeQuery(COURSE_INCLUDES) }),
    resourceType: 'courses',
    body: z.object({
      sections: z
        .array(
          z.object({
            id: idReference,
            learning_object_ids: z.array(idReference).max(5000),
          }),
        )
        .max(500),
    }),
    async handler({ services, portal, account, params, query, body, pointer }) {
      const course = await findCourse(services.db, portal.id, params.course);
      await reorderOutline(services.db, course, body, pointer);
      const updated = await findCourse(services.db, portal.id, course.id);
      // The new order is the answer: the outline always comes along, with whatever else was asked for.
      const include = new Set([
        ...includesFrom(query, COURSE_INCLUDES),
        'course_sections',
        'learning_objects',
      ]);
      return courseDocument(services, portal, account, updated, include);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/courses/:course/course_sections',
    summary: 'Add a section at the end, or at position (1-based) (course managers)',
    tags: ['courses'],
    permission: 'manage:course',
    response: resourceDocument(courseSectionResource),
    status: 201,
    params: courseParams,
    resourceType: 'course_sections',
    body: z.object({
      title: z.string().trim().min(1).max(200),
      position: z.number().int().min(1).max(10_000).optional(),
    }),
    async handler({ services, portal, params, body }) {
      const course = await findCourse(services.db, portal.id, params.course);
      const id = await createSection(services.db, course, body);
      const section = await findSection(services.db, portal.id, id);
      return buildDocument(presentSection(section, []));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/course_sections/:section',
    summary: 'Rename a section (course managers); order changes go through the outline',
    tags: ['courses'],
    permission: 'manage:course',
    response: resourceDocument(courseSectionResource),
    params: sectionParams,
    resourceType: 'course_sections',
    body: z.object({ title: z.string().trim().min(1).max(200).optional() }),
    async handler({ services, portal, params, body }) {
      const section = await findSection(services.db, portal.id, params.section);
      await updateSection(services.db, section, body);
      const updated = await findSection(services.db, portal.id, section.id);
      const objects = (await outlineObjectsOf(services.db, portal.id, section.course_id))
        .filter((object) => object.section_id === section.id)
        .map((object) => object.id);
      return buildDocument(presentSection(updated, objects));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/course_sections/:section',
    summary: 'Delete a section with its learning objects (course managers)',
    tags: ['courses'],
    permission: 'manage:course',
    response: deletedDocument,
    params: sectionParams,
    async handler({ services, portal, params }) {
      const section = await findSection(services.db, portal.id, params.section);
      await deleteSection(services.db, section);
      return { meta: { deleted: true } };
    },
  }),
];
