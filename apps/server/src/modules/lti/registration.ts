/**
 * LTI Dynamic Registration 1.0 (decision 070). An admin pastes the tool's registration address; we
 * open it with our OpenID configuration and a single-use registration token. The tool reads the
 * configuration and posts its client metadata here; we store it as a pending tool and answer its
 * client id. The admin sees the tool's configuration and approves it before any launch.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PortalContext } from '../../context/portal';
import { nowIso } from '../../db/dialect';
import type { Database, Executor, PortalScope } from '../../db/schema';
import type { Kysely } from 'kysely';
import { Invalid } from '../../domain/errors';
import { hashToken } from '../../http/session';
import { AGS_SCOPES, NRPS_SCOPE } from './launch';
import { checkRemoteUrl, RemoteRefused } from './remote';
import { createTool, deploymentIdsOf, findTool, servicesOf } from './tools';
import type { LtiService } from './tools';
import { ltiUrls } from './urls';

const REGISTRATION_MINUTES = 60;
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

export function openIdConfiguration(portal: PortalContext) {
  const urls = ltiUrls(portal.row.base_url);
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorization,
    registration_endpoint: urls.registration,
    jwks_uri: urls.jwks,
    token_endpoint: urls.token,
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', ...Object.values(AGS_SCOPES), NRPS_SCOPE],
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: ['sub', 'iss', 'name', 'email', 'locale'],
    'https://purl.imsglobal.org/spec/lti-platform-configuration': {
      product_family_code: 'leerpad',
      version: '1.0',
      messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
      variables: [],
    },
  };
}

/** Starts a registration: the address to open, with our configuration and a fresh token. */
export async function startRegistration(
  db: Executor,
  portal: PortalContext,
  input: { accountId: number; registrationUrl: string; allowPrivate: boolean },
  pointer: string,
) {
  try {
    await checkRemoteUrl(input.registrationUrl, input.allowPrivate);
  } catch (error) {
    if (!(error instanceof RemoteRefused)) throw error;
    throw new Invalid([
      { pointer, code: 'LTI_REMOTE_REFUSED', detail: error.message, meta: { reason: error.message } },
    ]);
  }
  const token = randomBytes(24).toString('base64url');
  const now = Date.now();
  const row = await db
    .insertInto('lti_registrations')
    .values({
      portal_id: portal.id,
      account_id: input.accountId,
      token_hash: hashToken(token),
      registration_url: input.registrationUrl,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + REGISTRATION_MINUTES * 60_000).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const open = new URL(input.registrationUrl);
  open.searchParams.set('openid_configuration', ltiUrls(portal.row.base_url).openidConfiguration);
  open.searchParams.set('registration_token', token);
  return { row, openUrl: open.toString() };
}

export function findRegistration(db: Executor, scope: PortalScope, id: number) {
  return db
    .selectFrom('lti_registrations')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
}

const url = z
  .string()
  .url()
  .max(2000)
  .refine((value) => /^https?:\/\//.test(value), 'Use an http(s) address.');
const clientMetadata = z.object({
  application_type: z.literal('web').optional(),
  response_types: z.array(z.string()).refine((types) => types.includes('id_token'), 'Must include id_token.'),
  grant_types: z.array(z.string()).optional(),
  initiate_login_uri: url,
  redirect_uris: z.array(url).min(1).max(20),
  client_name: z.string().trim().min(1).max(200),
  jwks_uri: url,
  logo_uri: url.optional(),
  token_endpoint_auth_method: z.literal('private_key_jwt'),
  contacts: z.array(z.string().max(320)).max(10).optional(),
  scope: z.string().max(2000).optional(),
  [TOOL_CONFIGURATION]: z.object({
    domain: z.string().max(255),
    target_link_uri: url,
    custom_parameters: z.record(z.string(), z.string()).optional(),
    claims: z.array(z.string()).optional(),
    messages: z
      .array(z.object({ type: z.string(), target_link_uri: url.optional() }).loose())
      .max(20)
      .optional(),
  }),
});

type RegistrationResult =
  { answer: Record<string, unknown> } | { refused: string; status: number; error: string };

/** Accepts a tool's registration POST (its bearer is our registration token, used once). */
export async function acceptRegistration(
  db: Kysely<Database>,
  portal: PortalContext,
  token: string | null,
  body: unknown,
  ip: string,
): Promise<RegistrationResult> {
  if (!token) return { refused: 'no registration token', status: 401, error: 'invalid_token' };
  const now = nowIso();
  const registration = await db
    .selectFrom('lti_registrations')
    .selectAll()
    .where('portal_id', '=', portal.id)
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .where('tool_id', 'is', null)
    .executeTakeFirst();
  if (!registration)
    return { refused: 'unknown, expired or used registration token', status: 401, error: 'invalid_token' };
  const parsed = clientMetadata.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      refused: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
      status: 400,
      error: 'invalid_client_metadata',
    };
  }
  const metadata = parsed.data;
  const config = metadata[TOOL_CONFIGURATION];
  const asked = new Set((metadata.scope ?? '').split(' ').filter(Boolean));
  const services: LtiService[] = [];
  if (Object.values(AGS_SCOPES).some((scope) => asked.has(scope))) services.push('ags');
  if (asked.has(NRPS_SCOPE)) services.push('nrps');
  const deepLinking = config.messages?.find((message) => message.type === 'LtiDeepLinkingRequest');
  if (deepLinking) services.push('deep_linking');
  const tool = await createTool(
    db,
    portal.id,
    {
      name: metadata.client_name,
      login_url: metadata.initiate_login_uri,
      launch_url: config.target_link_uri,
      deep_linking_url: deepLinking ? (deepLinking.target_link_uri ?? config.target_link_uri) : null,
      redirect_uris: metadata.redirect_uris,
      jwks_url: metadata.jwks_uri,
      custom: config.custom_parameters ?? {},
      services,
      contact_email: metadata.contacts?.[0] ?? null,
      logo_url: metadata.logo_uri ?? null,
    },
    { accountId: null, ip, registeredBy: 'dynamic' },
    (name) => `/${name}`,
  );
  // The token is spent: a second POST with it is refused.
  const claimed = await db
    .updateTable('lti_registrations')
    .set({ tool_id: tool.id })
    .where('id', '=', registration.id)
    .where('tool_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    await db.deleteFrom('lti_tools').where('id', '=', tool.id).execute();
    return { refused: 'registration token used twice at once', status: 401, error: 'invalid_token' };
  }
  const stored = await findTool(db, portal.id, tool.id);
  const granted = servicesOf(stored);
  return {
    answer: {
      client_id: stored.client_id,
      registration_client_uri: undefined,
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: stored.login_url,
      redirect_uris: metadata.redirect_uris,
      client_name: stored.name,
      jwks_uri: stored.jwks_url,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: [
        ...(granted.has('ags') ? Object.values(AGS_SCOPES) : []),
        ...(granted.has('nrps') ? [NRPS_SCOPE] : []),
      ].join(' '),
      [TOOL_CONFIGURATION]: { ...config, deployment_id: deploymentIdsOf(stored)[0] },
    },
  };
}
