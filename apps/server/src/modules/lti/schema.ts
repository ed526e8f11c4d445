import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const ltiToolResource = resourceSchema('LtiTool', 'lti_tools', {
  attributes: z.object({
    name: z.string(),
    status: z.enum(['active', 'pending', 'disabled']),
    registered_by: z.enum(['manual', 'dynamic']),
    client_id: z.string().describe('The client id we gave the tool.'),
    login_url: z.string(),
    launch_url: z.string(),
    deep_linking_url: z.string().nullable(),
    redirect_uris: z.array(z.string()),
    jwks_url: z.string().nullable(),
    public_jwk: z.record(z.string(), z.unknown()).nullable(),
    deployment_ids: z.array(z.string()),
    custom: z.record(z.string(), z.string()),
    services: z.array(z.string()),
    contact_email: z.string().nullable(),
    logo_url: z.string().nullable(),
    creator_name: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    platform: z
      .object({
        issuer: z.string(),
        client_id: z.string(),
        authorization_url: z.string(),
        token_url: z.string(),
        jwks_url: z.string(),
      })
      .describe('What the tool needs to know about this portal.'),
  }),
});
export type LtiToolResource = z.infer<typeof ltiToolResource>;

export const ltiRegistrationResource = resourceSchema('LtiRegistration', 'lti_registrations', {
  attributes: z.object({
    registration_url: z.string(),
    open_url: z
      .string()
      .describe(
        "The tool's registration page with openid_configuration and registration_token: open it in a window.",
      ),
    expires_at: timestamp,
    tool_id: z.string().nullable().describe('The tool once it registered itself.'),
  }),
});
export type LtiRegistrationResource = z.infer<typeof ltiRegistrationResource>;

export const ltiKeyResource = resourceSchema('LtiPlatformKey', 'lti_platform_keys', {
  attributes: z.object({
    kid: z.string(),
    created_at: timestamp,
    retired_at: timestamp.nullable(),
  }),
});

export const ltiLaunchResource = resourceSchema('LtiLaunch', 'lti_launches', {
  attributes: z.object({
    url: z.string().describe("The tool's OIDC login address."),
    method: z.literal('POST'),
    payload: z
      .record(z.string(), z.string())
      .describe('The form fields to post there (names as the tool expects them).'),
    message_type: z.string(),
  }),
});
export type LtiLaunchResource = z.infer<typeof ltiLaunchResource>;

export const ltiLinkResource = resourceSchema('LtiLink', 'lti_links', {
  attributes: z.object({
    tool_id: z.string(),
    tool_name: z.string(),
    tool_status: z.string(),
    url: z.string().nullable(),
    custom: z.record(z.string(), z.string()),
    resource_link_id: z.string(),
    line_item: z
      .object({ label: z.string(), score_maximum: z.number() })
      .nullable()
      .describe('The grade column the tool reports to, when it has one.'),
  }),
});
export type LtiLinkResource = z.infer<typeof ltiLinkResource>;
