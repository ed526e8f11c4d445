import { z } from 'zod';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { ApiError } from '../../http/errors';
import { defineRoute, idParam } from '../../http/route';
import { coursePolicy } from '../course-content/policy';
import { findLearningObject, findSection } from '../course-content/queries';
import { contentAccess, learnerEnrollment } from '../enrollments/service';
import { listLtiKeys, rotateLtiKeyBy } from './keys';
import { presentLtiTool } from './presenter';
import { findRegistration, startRegistration } from './registration';
import {
  ltiKeyResource,
  ltiLaunchResource,
  ltiLinkResource,
  ltiRegistrationResource,
  ltiToolResource,
} from './schema';
import {
  createTool,
  deleteTool,
  findTool,
  listTools,
  LTI_SERVICES,
  requireActiveTool,
  servicesOf,
  updateTool,
} from './tools';
import { findLink, saveLink } from './links';
import { startLaunch } from './launch';

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), {
    message: 'Use an http(s) address.',
    params: { code: 'INVALID_FORMAT' },
  });
const customParams = z
  .record(z.string().regex(/^[a-zA-Z0-9_]{1,64}$/), z.string().max(1000))
  .refine((value) => Object.keys(value).length <= 50, 'At most 50 custom parameters.');
const publicJwk = z.record(z.string(), z.unknown()).nullable();

const toolFields = {
  name: z.string().trim().min(1).max(200),
  login_url: httpUrl,
  launch_url: httpUrl,
  deep_linking_url: httpUrl.nullable().optional(),
  redirect_uris: z.array(httpUrl).min(1).max(20),
  jwks_url: httpUrl.nullable().optional(),
  public_jwk: publicJwk.optional(),
  deployment_ids: z.array(z.string().trim().min(1).max(255)).max(20).optional(),
  custom: customParams.optional(),
  services: z.array(z.enum(LTI_SERVICES)).max(LTI_SERVICES.length),
};
const toolParams = z.object({ lti_tool: idParam });
const objectParams = z.object({ learning_object: idParam });

export const ltiRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/lti_tools',
    summary: "The portal's LTI 1.3 tools (course managers pick one to link or deep-link content from)",
    tags: ['integrations'],
    permission: 'manage:course',
    response: listDocument(ltiToolResource),
    async handler({ services, portal }) {
      const rows = await listTools(services.db, portal.id);
      return buildDocument(
        rows.map((row) => presentLtiTool(row, portal.row.base_url)),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/lti_tools',
    summary: 'Add an LTI 1.3 tool by hand: we make its client id (and a deployment id unless given)',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(ltiToolResource),
    status: 201,
    resourceType: 'lti_tools',
    body: z.object(toolFields),
    async handler({ request, services, portal, account, body, pointer }) {
      const row = await createTool(
        services.db,
        portal.id,
        body,
        { accountId: account.id, ip: request.ip, registeredBy: 'manual' },
        pointer,
      );
      return buildDocument(presentLtiTool(row, portal.row.base_url));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/lti_tools/:lti_tool',
    summary: 'One LTI tool with what it needs to know about this portal',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(ltiToolResource),
    params: toolParams,
    async handler({ services, portal, params }) {
      return buildDocument(
        presentLtiTool(await findTool(services.db, portal.id, params.lti_tool), portal.row.base_url),
      );
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/lti_tools/:lti_tool',
    summary: 'Change an LTI tool, approve one that registered itself (status active), or switch it off',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(ltiToolResource),
    params: toolParams,
    resourceType: 'lti_tools',
    body: z.object({
      ...Object.fromEntries(Object.entries(toolFields).map(([key, schema]) => [key, schema.optional()])),
      status: z.enum(['active', 'disabled']).optional(),
    }) as z.ZodType<Partial<z.output<z.ZodObject<typeof toolFields>>> & { status?: 'active' | 'disabled' }>,
    async handler({ request, services, portal, account, params, body, pointer }) {
      const row = await updateTool(
        services.db,
        portal.id,
        params.lti_tool,
        body,
        { accountId: account.id, ip: request.ip },
        pointer,
      );
      return buildDocument(presentLtiTool(row, portal.row.base_url));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/lti_tools/:lti_tool',
    summary: 'Remove an LTI tool, with its links, line items and scores',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: z.null(),
    status: 204,
    params: toolParams,
    async handler({ request, services, portal, account, params }) {
      await deleteTool(services.db, portal.id, params.lti_tool, { accountId: account.id, ip: request.ip });
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/lti_registrations',
    summary:
      "Start an LTI Dynamic Registration: the tool's registration address to open, with our configuration and a one-time token",
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(ltiRegistrationResource),
    status: 201,
    resourceType: 'lti_registrations',
    body: z.object({ registration_url: httpUrl }),
    async handler({ services, portal, account, body, pointer }) {
      const { row, openUrl } = await startRegistration(
        services.db,
        portal,
        {
          accountId: account.id,
          registrationUrl: body.registration_url,
          allowPrivate: services.config.ltiAllowPrivateHosts,
        },
        pointer('registration_url'),
      );
      return buildDocument({
        type: 'lti_registrations',
        id: String(row.id),
        attributes: {
          registration_url: row.registration_url,
          open_url: openUrl,
          expires_at: row.expires_at,
          tool_id: null,
        },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/lti_registrations/:lti_registration',
    summary: 'A dynamic registration: which tool registered with it, once one did',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(ltiRegistrationResource),
    params: z.object({ lti_registration: idParam }),
    async handler({ services, portal, params }) {
      const row = await findRegistration(services.db, portal.id, params.lti_registration);
      if (!row) throw ApiError.notFound('LTI registration');
      return buildDocument({
        type: 'lti_registrations',
        id: String(row.id),
        attributes: {
          registration_url: row.registration_url,
          open_url: row.registration_url,
          expires_at: row.expires_at,
          tool_id: row.tool_id === null ? null : String(row.tool_id),
        },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/lti_platform_keys',
    summary:
      "The portal's LTI signing keys in its key set: the active one and those retired within the grace period",
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: listDocument(ltiKeyResource),
    async handler({ services, portal }) {
      const rows = await listLtiKeys(services.db, portal.id);
      return buildDocument(
        rows.map((row) => ({
          type: 'lti_platform_keys',
          id: String(row.id),
          attributes: { kid: row.kid, created_at: row.created_at, retired_at: row.retired_at },
        })),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/lti_platform_keys',
    summary:
      'Rotate the LTI signing key: a new key signs from now on; the old one stays in the key set for 14 days',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: listDocument(ltiKeyResource),
    status: 201,
    async handler({ request, services, portal, account }) {
      await rotateLtiKeyBy(services.db, portal.id, { accountId: account.id, ip: request.ip });
      const rows = await listLtiKeys(services.db, portal.id);
      return buildDocument(
        rows.map((row) => ({
          type: 'lti_platform_keys',
          id: String(row.id),
          attributes: { kid: row.kid, created_at: row.created_at, retired_at: row.retired_at },
        })),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/learning_objects/:learning_object/lti_link',
    summary:
      'Link an lti learning object to a tool: the tool, an optional launch address and custom parameters',
    tags: ['lti'],
    permission: 'manage:course',
    response: resourceDocument(ltiLinkResource),
    params: objectParams,
    resourceType: 'lti_links',
    body: z.object({
      tool: idParam,
      url: httpUrl.nullable().optional(),
      custom: customParams.optional(),
    }),
    async handler({ services, portal, params, body, pointer }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      if (object.type !== 'lti')
        throw ApiError.validation([
          {
            pointer: pointer('tool'),
            code: 'NOT_AN_LTI_OBJECT',
            detail: 'Only an LTI learning object links to a tool.',
          },
        ]);
      const tool = await findTool(services.db, portal.id, body.tool).catch(() => {
        throw ApiError.validation([
          { pointer: pointer('tool'), code: 'LTI_TOOL_UNKNOWN', detail: 'No such LTI tool.' },
        ]);
      });
      await saveLink(services.db, portal.id, object.id, tool.id, body.url ?? null, body.custom ?? {});
      return buildDocument(await findLink(services.db, portal.id, object.id));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/lti_link',
    summary: "An lti learning object's tool (404 LTI_LINK_MISSING before it is linked)",
    tags: ['lti'],
    permission: 'signed-in',
    response: resourceDocument(ltiLinkResource),
    params: objectParams,
    async handler({ services, portal, account, params }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      await contentAccess(services, portal, account, object.course_id);
      return buildDocument(await findLink(services.db, portal.id, object.id));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/learning_objects/:learning_object/lti_launches',
    summary:
      "Launch an lti learning object: the form the browser posts to the tool's login address (enrolled learners; course managers preview)",
    tags: ['lti'],
    permission: 'signed-in',
    response: resourceDocument(ltiLaunchResource),
    status: 201,
    params: objectParams,
    resourceType: 'lti_launches',
    body: z.object({ return_url: httpUrl.optional() }),
    async handler({ services, portal, account, params, body }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      const access = coursePolicy.canAuthor(account)
        ? await contentAccess(services, portal, account, object.course_id)
        : await learnerEnrollment(services, portal, account, object.course_id);
      const link = await findLink(services.db, portal.id, object.id);
      const tool = await requireActiveTool(services.db, portal.id, Number(link.attributes.tool_id));
      const start = await startLaunch(
        services.db,
        { id: portal.id, baseUrl: portal.row.base_url },
        {
          tool,
          accountId: account.id,
          courseId: access.course.id,
          learningObjectId: object.id,
          sectionId: null,
          messageType: 'LtiResourceLinkRequest',
          targetLinkUri: link.attributes.url ?? tool.launch_url,
          returnUrl: body.return_url ?? null,
        },
      );
      return buildDocument({
        type: 'lti_launches',
        id: start.params['lti_message_hint'] ?? '',
        attributes: {
          url: start.url,
          method: 'POST',
          payload: start.params,
          message_type: start.messageType,
        },
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/course_sections/:section/lti_deep_linking_launches',
    summary:
      'Add content from an LTI tool: the form that opens the tool’s deep-linking picker; what the author picks becomes lti learning objects in this section',
    tags: ['lti'],
    permission: 'manage:course',
    response: resourceDocument(ltiLaunchResource),
    status: 201,
    params: z.object({ section: idParam }),
    resourceType: 'lti_launches',
    body: z.object({ tool: idParam }),
    async handler({ services, portal, account, params, body, pointer }) {
      const section = await findSection(services.db, portal.id, params.section);
      const tool = await requireActiveTool(services.db, portal.id, body.tool).catch((error: unknown) => {
        if (error instanceof ApiError) throw error;
        throw ApiError.validation([
          { pointer: pointer('tool'), code: 'LTI_TOOL_UNKNOWN', detail: 'No such LTI tool.' },
        ]);
      });
      if (!servicesOf(tool).has('deep_linking'))
        throw ApiError.validation([
          {
            pointer: pointer('tool'),
            code: 'LTI_DEEP_LINKING_NOT_GRANTED',
            detail: 'This tool is not granted deep linking.',
          },
        ]);
      const start = await startLaunch(
        services.db,
        { id: portal.id, baseUrl: portal.row.base_url },
        {
          tool,
          accountId: account.id,
          courseId: section.course_id,
          learningObjectId: null,
          sectionId: section.id,
          messageType: 'LtiDeepLinkingRequest',
          targetLinkUri: tool.deep_linking_url ?? tool.launch_url,
          returnUrl: null,
        },
      );
      return buildDocument({
        type: 'lti_launches',
        id: start.params['lti_message_hint'] ?? '',
        attributes: {
          url: start.url,
          method: 'POST',
          payload: start.params,
          message_type: start.messageType,
        },
      });
    },
  }),
];
