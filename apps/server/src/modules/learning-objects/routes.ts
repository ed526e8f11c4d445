import { isSelfCompleted, LEARNING_OBJECT_TYPES } from '@leerpad/core';
import { z } from 'zod';
import type { LearningObjectRow } from '../../db/schema-learning';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import { includeRelated } from '../../http/includes';
import { buildDocument, deletedDocument, includesFrom, resourceDocument } from '../../http/jsonapi';
import { includeQuery } from '../../http/query-contract';
import type { ResourceObject } from '../../context/document';
import { relatedTo } from '../../http/write-document';
import { defineRoute, idParam } from '../../http/route';
import type { AccountContext } from '../../context/account';
import { coursePolicy } from '../course-content/policy';
import { RICH_TEXT_MAX_CHARS } from '../course-content/rich-text';
import { findLearningObject, findSection } from '../course-content/queries';
import { contentAccess } from '../enrollments/service';
import { presentLearningObject } from './presenter';
import {
  createLearningObject,
  deleteLearningObject,
  learningObjectColumns,
  questionCount,
  updateLearningObject,
} from './service';
import { settingsInput } from '../course-content/learning-object-settings';
import { learningObjectResource } from './schema';
import { LEARNING_OBJECT_INCLUDES, LEARNING_OBJECT_WRITE_INCLUDES } from './resources';

const objectParams = z.object({ learning_object: idParam });

const objectFields = {
  title: z.string().trim().min(1).max(200),
  required: z.boolean(),
  estimated_minutes: z.number().int().min(0).max(100_000).nullable(),
  body: z.string().max(RICH_TEXT_MAX_CHARS),
  video_url: z.string().trim().max(2000).nullable(),
  /** The file of a `file` object, as a relationship (`{type: 'files', id}`), as it is read. */
  file: relatedTo('files').nullable(),
  settings: settingsInput,
};
const updateBody = z.object({
  kind: z.enum(LEARNING_OBJECT_TYPES).optional(),
  title: objectFields.title.optional(),
  required: objectFields.required.optional(),
  estimated_minutes: objectFields.estimated_minutes.optional(),
  body: objectFields.body.optional(),
  video_url: objectFields.video_url.optional(),
  file: objectFields.file.optional(),
  settings: objectFields.settings.optional(),
});
const createBody = updateBody.extend({
  kind: z.enum(LEARNING_OBJECT_TYPES),
  title: objectFields.title,
  position: z.number().int().min(1).max(10_000).optional(),
});

async function objectDocument(
  services: Services,
  account: AccountContext,
  row: LearningObjectRow,
  enrolled: boolean,
  included?: ResourceObject[],
) {
  const resource = presentLearningObject(row, {
    questionCount: row.type === 'quiz' ? await questionCount(services.db, row.id) : undefined,
    abilities: {
      update: coursePolicy.canAuthor(account),
      complete: enrolled && isSelfCompleted(row.type),
      report_issue: true,
    },
  });
  return buildDocument(resource, included ? { included } : {});
}

export const learningObjectRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object',
    summary:
      'A learning object with its content (enrolled students, coaches, staff); include=file,learning_object_progress',
    tags: ['learning objects'],
    permission: 'signed-in',
    response: resourceDocument(learningObjectResource),
    params: objectParams,
    query: z.object({ include: includeQuery(LEARNING_OBJECT_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, LEARNING_OBJECT_INCLUDES);
      const row = await findLearningObject(services.db, portal.id, params.learning_object);
      const { enrollment } = await contentAccess(services, portal, account, row.course_id);
      const included = await includeRelated(
        { services, portal, account },
        'learning_objects',
        [row],
        include,
      );
      return objectDocument(services, account, row, Boolean(enrollment), included);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/course_sections/:section/learning_objects',
    summary:
      'Add a learning object (page, video, file, quiz, assignment) at the end of a section, or at position (course managers)',
    tags: ['learning objects'],
    permission: 'manage:course',
    response: resourceDocument(learningObjectResource),
    status: 201,
    params: z.object({ section: idParam }),
    query: z.object({ include: includeQuery(LEARNING_OBJECT_WRITE_INCLUDES) }),
    resourceType: 'learning_objects',
    body: createBody,
    async handler({ services, portal, account, params, query, body: { file, ...body }, pointer }) {
      const include = includesFrom(query, LEARNING_OBJECT_WRITE_INCLUDES);
      const section = await findSection(services.db, portal.id, params.section);
      const input = { ...body, file_id: file };
      const columns = await learningObjectColumns(services.db, portal, body.kind, input, null, pointer);
      const id = await createLearningObject(
        services.db,
        section,
        body.kind,
        { ...columns, title: body.title },
        body.position,
      );
      const created = await findLearningObject(services.db, portal.id, id);
      const included = await includeRelated(
        { services, portal, account },
        'learning_objects',
        [created],
        include,
      );
      return objectDocument(services, account, created, false, included);
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/learning_objects/:learning_object',
    summary: 'Change a learning object (course managers); its kind cannot change',
    tags: ['learning objects'],
    permission: 'manage:course',
    response: resourceDocument(learningObjectResource),
    params: objectParams,
    query: z.object({ include: includeQuery(LEARNING_OBJECT_WRITE_INCLUDES) }),
    resourceType: 'learning_objects',
    body: updateBody,
    async handler({ services, portal, account, params, query, body: { file, ...body }, pointer }) {
      const include = includesFrom(query, LEARNING_OBJECT_WRITE_INCLUDES);
      const row = await findLearningObject(services.db, portal.id, params.learning_object);
      if (body.kind !== undefined && body.kind !== row.type) {
        throw ApiError.validation([
          { pointer: pointer('kind'), detail: 'A learning object keeps its kind; add a new one instead.' },
        ]);
      }
      const columns = await learningObjectColumns(
        services.db,
        portal,
        row.type as (typeof LEARNING_OBJECT_TYPES)[number],
        { ...body, file_id: file },
        row,
        pointer,
      );
      await updateLearningObject(services.db, row, columns);
      const updated = await findLearningObject(services.db, portal.id, row.id);
      const included = await includeRelated(
        { services, portal, account },
        'learning_objects',
        [updated],
        include,
      );
      return objectDocument(services, account, updated, false, included);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/learning_objects/:learning_object',
    summary: 'Delete a learning object with its progress, attempts and answers (course managers)',
    tags: ['learning objects'],
    permission: 'manage:course',
    response: deletedDocument,
    params: objectParams,
    async handler({ services, portal, params }) {
      const row = await findLearningObject(services.db, portal.id, params.learning_object);
      await deleteLearningObject(services.db, row);
      return { meta: { deleted: true } };
    },
  }),
];
