import { z } from 'zod';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { ApiError } from '../../http/errors';
import { coursePolicy } from '../course-content/policy';
import { findLearningObject } from '../course-content/queries';
import { contentAccess, learnerEnrollment } from '../enrollments/service';
import { presentScormAttempt, presentScormLaunch, presentScormPackage } from './presenter';
import { scormAttemptResource, scormLaunchResource, scormPackageResource } from './schema';
import {
  attemptsOf,
  findAttempt,
  findPackage,
  launchSco,
  replacePackage,
  requirePackage,
  saveAttempt,
} from './service';
import { withUploadedZip } from './upload';

const objectParams = z.object({ learning_object: idParam });
/** Keys of the flattened cmi, and values as scorm-again renders them. */
const cmiBody = z
  .record(
    z.string().min(1).max(255),
    z.union([
      z.string().max(70_000),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(z.never()),
      z.object({}).strict(),
    ]),
  )
  .refine((value) => Object.keys(value).length <= 5000, 'At most 5000 cmi elements.');

export const scormRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/v1/learning_objects/:learning_object/scorm_package',
    summary:
      "Upload (or replace) a SCORM 1.2 or 2004 zip as a scorm learning object's package (course managers); learners' tracking is kept",
    description:
      'The zip is checked before anything is stored: imsmanifest.xml present and well-formed, every item pointing at a listed resource, every launch file in the zip, no path leaving the package, at most 10,000 files and 1 GB unpacked, no file unpacking to more than 100 times its compressed size. Each refusal is a 422 with a code and, where there is one, the manifest line in `meta.line`. Over the storage quota: 413 QUOTA_EXCEEDED.',
    tags: ['scorm'],
    permission: 'manage:course',
    response: resourceDocument(scormPackageResource),
    params: objectParams,
    upload: 'file',
    async handler({ request, services, portal, account, params }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      if (object.type !== 'scorm')
        throw ApiError.validation([
          {
            pointer: '/file',
            code: 'NOT_A_SCORM_OBJECT',
            detail: 'Only a SCORM learning object takes a package.',
          },
        ]);
      if (!request.isMultipart()) {
        throw new ApiError(415, [
          {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            title: 'Unsupported media type',
            detail: 'Send the package as multipart/form-data in a field named "file".',
            meta: { accepted: 'multipart/form-data' },
          },
        ]);
      }
      const quota = {
        accountBytes: services.config.quotaAccountBytes,
        portalBytes: services.config.quotaPortalBytes,
      };
      const row = await withUploadedZip(request, (zip) =>
        replacePackage(services.db, services.storage, quota, {
          object,
          accountId: account.id,
          zipPath: zip.path,
          fileName: zip.name,
        }),
      );
      return buildDocument(presentScormPackage(row));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/scorm_package',
    summary:
      "A scorm learning object's package: version, title and table of contents (404 SCORM_PACKAGE_MISSING before an upload)",
    tags: ['scorm'],
    permission: 'signed-in',
    response: resourceDocument(scormPackageResource),
    params: objectParams,
    async handler({ services, portal, account, params }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      await contentAccess(services, portal, account, object.course_id);
      return buildDocument(presentScormPackage(await requirePackage(services.db, portal.id, object)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/scorm_attempts',
    summary:
      'My runtime data on each SCO of a scorm learning object (state, score, time), for the table of contents',
    tags: ['scorm'],
    permission: 'signed-in',
    response: listDocument(scormAttemptResource),
    params: objectParams,
    async handler({ services, portal, account, params }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      const { enrollment } = await contentAccess(services, portal, account, object.course_id);
      const rows = enrollment ? await attemptsOf(services.db, portal.id, enrollment.id, object.id) : [];
      return buildDocument(rows.map(presentScormAttempt), { meta: { total: rows.length, last_page: 1 } });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/learning_objects/:learning_object/scorm_launches',
    summary:
      'Launch one SCO: its sandboxed content address and the cmi the runtime starts from (resume); enrolled learners are tracked, staff preview',
    tags: ['scorm'],
    permission: 'signed-in',
    response: resourceDocument(scormLaunchResource),
    params: objectParams,
    resourceType: 'scorm_launches',
    body: z.object({ sco_identifier: z.string().min(1).max(500) }),
    async handler({ services, portal, account, params, body, pointer }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      const access = coursePolicy.readsAsStaff(account)
        ? await contentAccess(services, portal, account, object.course_id)
        : await learnerEnrollment(services, portal, account, object.course_id);
      const pkg = await requirePackage(services.db, portal.id, object);
      const launch = await launchSco(
        services.db,
        portal,
        pkg,
        access.enrollment,
        body.sco_identifier,
        pointer('sco_identifier'),
        { id: String(account.id), name: account.fullName },
      );
      return buildDocument(presentScormLaunch(launch));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/scorm_attempts/:scorm_attempt',
    summary:
      "Save a SCO's runtime data (the flattened cmi; idempotent). Completion and score feed the learning object's progress",
    tags: ['scorm'],
    permission: 'signed-in',
    response: resourceDocument(scormAttemptResource),
    params: z.object({ scorm_attempt: idParam }),
    resourceType: 'scorm_attempts',
    body: z.object({ cmi: cmiBody }),
    async handler({ services, portal, account, params, body, pointer }) {
      const attempt = await findAttempt(services.db, portal.id, params.scorm_attempt);
      const object = await findLearningObject(services.db, portal.id, attempt.learning_object_id);
      const { enrollment } = await learnerEnrollment(services, portal, account, object.course_id);
      // Someone else's attempt is not there for this reader.
      if (enrollment.id !== attempt.enrollment_id) throw ApiError.notFound('SCORM attempt');
      const pkg = await findPackage(services.db, portal.id, object.id);
      if (!pkg) throw ApiError.notFound('SCORM attempt');
      const saved = await saveAttempt(services.db, portal, enrollment, pkg, attempt, body.cmi, pointer);
      return buildDocument(presentScormAttempt(saved));
    },
  }),
];
