import { z } from 'zod';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { ApiError } from '../../http/errors';
import { coursePolicy } from '../course-content/policy';
import { findLearningObject } from '../course-content/queries';
import { contentAccess, learnerEnrollment } from '../enrollments/service';
import { withUploadedZip } from '../scorm/upload';
import { presentCmi5AuState, presentCmi5Launch, presentCmi5Package } from './presenter';
import { cmi5AuStateResource, cmi5LaunchResource, cmi5PackageResource } from './schema';
import { auStatesOf, findRegistration, launchAu, replacePackage, requirePackage } from './service';

const objectParams = z.object({ learning_object: idParam });

export const cmi5Routes = [
  defineRoute({
    method: 'PUT',
    url: '/v1/learning_objects/:learning_object/cmi5_package',
    operationId: 'putLearningObjectsByLearningObjectCmiFivePackage',
    summary:
      "Import (or replace) a cmi5 course as a cmi5 learning object's course: cmi5.xml alone (AUs at external addresses) or a zip holding it with its AUs (course managers); learners' registrations are kept",
    description:
      'The course structure is checked before anything is stored: well-formed XML, a course with an id and a title, at least one AU, ids that are IRIs used once, moveOn one of Passed, Completed, CompletedAndPassed, CompletedOrPassed, NotApplicable, masteryScore between 0 and 1, every relative AU url a file of the zip; the zip itself is checked like a SCORM package. Each refusal is a 422 with a code and, where there is one, the line in `meta.line`. Over the storage quota: 413 QUOTA_EXCEEDED.',
    tags: ['cmi5'],
    permission: 'manage:course',
    response: resourceDocument(cmi5PackageResource),
    params: objectParams,
    upload: 'file',
    async handler({ request, services, portal, account, params }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      if (object.type !== 'cmi5')
        throw ApiError.validation([
          {
            pointer: '/file',
            code: 'NOT_A_CMI5_OBJECT',
            detail: 'Only a cmi5 learning object takes a cmi5 course.',
          },
        ]);
      if (!request.isMultipart()) {
        throw new ApiError(415, [
          {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            title: 'Unsupported media type',
            detail: 'Send the course as multipart/form-data in a field named "file".',
            meta: { accepted: 'multipart/form-data' },
          },
        ]);
      }
      const quota = {
        accountBytes: services.config.quotaAccountBytes,
        portalBytes: services.config.quotaPortalBytes,
      };
      const row = await withUploadedZip(request, (upload) =>
        replacePackage(services.db, services.storage, quota, {
          object,
          accountId: account.id,
          path: upload.path,
          fileName: upload.name,
        }),
      );
      return buildDocument(presentCmi5Package(row));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/cmi5_package',
    operationId: 'getLearningObjectsByLearningObjectCmiFivePackage',
    summary:
      "A cmi5 learning object's course: its blocks and AUs with their moveOn (404 CMI5_PACKAGE_MISSING before an import)",
    tags: ['cmi5'],
    permission: 'signed-in',
    response: resourceDocument(cmi5PackageResource),
    params: objectParams,
    async handler({ services, portal, account, params }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      await contentAccess(services, portal, account, object.course_id);
      return buildDocument(presentCmi5Package(await requirePackage(services.db, portal.id, object)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/cmi5_au_states',
    operationId: 'getLearningObjectsByLearningObjectCmiFiveAuStates',
    summary: 'My state on each AU of a cmi5 learning object (completed, passed, failed, moveOn met, score)',
    tags: ['cmi5'],
    permission: 'signed-in',
    response: listDocument(cmi5AuStateResource),
    params: objectParams,
    async handler({ services, portal, account, params }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      const { enrollment } = await contentAccess(services, portal, account, object.course_id);
      const pkg = await requirePackage(services.db, portal.id, object);
      const registration = enrollment
        ? await findRegistration(services.db, portal.id, enrollment.id, object.id)
        : undefined;
      const rows = registration ? await auStatesOf(services.db, portal.id, registration.id) : [];
      return buildDocument(
        rows.map((row) => presentCmi5AuState(row, pkg)),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/learning_objects/:learning_object/cmi5_launches',
    operationId: 'postLearningObjectsByLearningObjectCmiFiveLaunches',
    summary:
      'Launch one AU per cmi5: LMS.LaunchData and a launched statement are written, and the answer is the AU address with endpoint, fetch, actor, registration and activityId; enrolled learners are tracked, staff preview',
    tags: ['cmi5'],
    permission: 'signed-in',
    response: resourceDocument(cmi5LaunchResource),
    params: objectParams,
    resourceType: 'cmi5_launches',
    body: z.object({ au_id: z.string().min(1).max(2000) }),
    async handler({ request, services, portal, account, params, body, pointer }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      const access = coursePolicy.readsAsStaff(account)
        ? await contentAccess(services, portal, account, object.course_id)
        : await learnerEnrollment(services, portal, account, object.course_id);
      const pkg = await requirePackage(services.db, portal.id, object);
      const origin = `${request.protocol}://${request.host}`;
      const launch = await launchAu(
        services.db,
        portal,
        origin,
        pkg,
        access.enrollment,
        { id: account.id, fullName: account.fullName },
        body.au_id,
        pointer('au_id'),
        `${origin}/courses/${object.course_id}?learning_object=${object.id}`,
      );
      return buildDocument(presentCmi5Launch(launch));
    },
  }),
];
