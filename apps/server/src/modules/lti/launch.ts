/**
 * LTI 1.3 launches (decision 070): third-party initiated login. We send the browser to the tool's
 * login address with an opaque login_hint; the tool sends it back to our authorisation endpoint,
 * where the hint — a single-use record bound to the account that asked, never a cookie in the tool's
 * frame — names the learner, and we answer with a signed id_token posted to a registered redirect.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { can, escapeHtml } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { LtiLaunchRow, LtiMessageType, LtiToolRow } from '../../db/schema-lti';
import { hashToken } from '../../http/session';
import { LTI_ALG, ltiSigningKey } from './keys';
import { customOf, deploymentIdsOf, redirectUrisOf, servicesOf } from './tools';
import { ltiUrls } from './urls';

/** How long a tool has to come back from its login page with our hint. */
const LAUNCH_MINUTES = 5;
const ID_TOKEN_SECONDS = 300;

export const LTI_VERSION = '1.3.0';
export const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
export const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const AGS_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  result: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
} as const;
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

/** The scopes a tool may ask a token for: those of the services it was granted. */
export function grantedScopes(tool: Pick<LtiToolRow, 'services'>): string[] {
  const services = servicesOf(tool);
  return [
    ...(services.has('ags') ? Object.values(AGS_SCOPES) : []),
    ...(services.has('nrps') ? [NRPS_SCOPE] : []),
  ];
}

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';
/** Leerpad roles as LIS roles: in the course context and, for staff, the institution. */
export function lisRoles(roles: readonly string[], enrolled: boolean): string[] {
  const subject = { roles };
  const out = new Set<string>();
  if (enrolled) out.add(`${LIS}membership#Learner`);
  if (can(subject, 'manage:course')) {
    out.add(`${LIS}membership#ContentDeveloper`);
    out.add(`${LIS}membership#Instructor`);
  }
  if (can(subject, 'manage:portal-settings')) {
    out.add(`${LIS}membership#Administrator`);
    out.add(`${LIS}institution/person#Administrator`);
  }
  if (can(subject, 'enter:coach')) out.add(`${LIS}membership#Mentor`);
  if (can(subject, 'enter:admin')) out.add(`${LIS}institution/person#Staff`);
  if (out.size === 0) out.add(`${LIS}institution/person#Guest`);
  return [...out];
}

export interface LaunchStart {
  url: string;
  params: Record<string, string>;
  messageType: LtiMessageType;
}

/** Records a launch for this account and answers the form the browser posts to the tool's login. */
export async function startLaunch(
  db: Executor,
  portal: { id: PortalScope; baseUrl: string },
  input: {
    tool: LtiToolRow;
    accountId: number;
    courseId: number;
    learningObjectId: number | null;
    sectionId: number | null;
    messageType: LtiMessageType;
    targetLinkUri: string;
    returnUrl: string | null;
  },
): Promise<LaunchStart> {
  const hint = randomBytes(24).toString('base64url');
  const now = Date.now();
  const deploymentId = deploymentIdsOf(input.tool)[0] ?? '';
  await db.deleteFrom('lti_launches').where('expires_at', '<', nowIso()).execute();
  const row = await db
    .insertInto('lti_launches')
    .values({
      portal_id: portal.id,
      tool_id: input.tool.id,
      account_id: input.accountId,
      course_id: input.courseId,
      learning_object_id: input.learningObjectId,
      section_id: input.sectionId,
      message_type: input.messageType,
      hint_hash: hashToken(hint),
      deployment_id: deploymentId,
      return_url: input.returnUrl,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + LAUNCH_MINUTES * 60_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    url: input.tool.login_url,
    messageType: input.messageType,
    params: {
      iss: ltiUrls(portal.baseUrl).issuer,
      login_hint: hint,
      target_link_uri: input.targetLinkUri,
      lti_message_hint: String(row.id),
      client_id: input.tool.client_id,
      lti_deployment_id: deploymentId,
    },
  };
}

/** Remembers a value (nonce, jti) until it expires; false when it was seen before. */
export async function useOnce(db: Executor, kind: string, value: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('lti_used_values').where('expires_at', '<', nowIso()).execute();
  const inserted = await db
    .insertInto('lti_used_values')
    .values({ kind, value, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
    .returning('value')
    .executeTakeFirst();
  return Boolean(inserted);
}

export class LaunchRefused extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export interface AuthorizationRequest {
  scope?: string | undefined;
  response_type?: string | undefined;
  response_mode?: string | undefined;
  prompt?: string | undefined;
  client_id?: string | undefined;
  redirect_uri?: string | undefined;
  login_hint?: string | undefined;
  lti_message_hint?: string | undefined;
  state?: string | undefined;
  nonce?: string | undefined;
}

/**
 * Checks an authorisation request against the tool and the launch its hint names, and uses the
 * launch up. Throws LaunchRefused with an OIDC error code; `redirect` tells whether the error may be
 * posted back (only once the redirect URI is known to be the tool's).
 */
export async function checkAuthorization(
  db: Executor,
  scope: PortalScope,
  tool: LtiToolRow | undefined,
  request: AuthorizationRequest,
): Promise<{ launch: LtiLaunchRow; redirectUri: string }> {
  if (!tool || tool.status !== 'active')
    throw new LaunchRefused('unauthorized_client', 'No active tool has this client_id.');
  const redirectUri = request.redirect_uri ?? '';
  if (!redirectUrisOf(tool).includes(redirectUri))
    throw new LaunchRefused('invalid_request_object', 'The redirect_uri is not one the tool registered.');
  if (request.response_type !== 'id_token')
    throw new LaunchRefused('unsupported_response_type', 'response_type must be id_token.');
  if (!(request.scope ?? '').split(' ').includes('openid'))
    throw new LaunchRefused('invalid_scope', 'The scope must include openid.');
  if (request.response_mode !== 'form_post')
    throw new LaunchRefused('invalid_request', 'response_mode must be form_post.');
  if (!request.nonce) throw new LaunchRefused('invalid_request', 'A nonce is required.');
  if (!request.login_hint) throw new LaunchRefused('login_required', 'The login_hint is missing.');
  const now = nowIso();
  const launch = await db
    .updateTable('lti_launches')
    .set({ used_at: now })
    .where('portal_id', '=', scope)
    .where('tool_id', '=', tool.id)
    .where('hint_hash', '=', hashToken(request.login_hint))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!launch || (request.lti_message_hint && request.lti_message_hint !== String(launch.id)))
    throw new LaunchRefused('login_required', 'This launch is unknown, expired or already used.');
  const fresh = await useOnce(db, `nonce:${tool.id}`, request.nonce, new Date(Date.now() + 24 * 3600_000));
  if (!fresh) throw new LaunchRefused('invalid_request', 'This nonce was used before.');
  return { launch, redirectUri };
}

export interface LaunchSubject {
  account: { id: number; fullName: string; email: string; locale: string | null; roles: string[] };
  enrolled: boolean;
  course: { id: number; title: string };
  link: { resourceLinkId: string; title: string; url: string | null; custom: Record<string, string> } | null;
  lineItemId: number | null;
  portal: { id: PortalScope; name: string; baseUrl: string };
}

/** The signed id_token of a resource link or deep-linking launch. */
export async function idToken(
  db: Executor,
  tool: LtiToolRow,
  launch: LtiLaunchRow,
  nonce: string,
  subject: LaunchSubject,
  deepLinkingData: string | null,
): Promise<string> {
  const urls = ltiUrls(subject.portal.baseUrl);
  const services = servicesOf(tool);
  const claims: Record<string, unknown> = {
    nonce,
    azp: tool.client_id,
    name: subject.account.fullName,
    email: subject.account.email,
    locale: subject.account.locale ?? undefined,
    [`${CLAIM}message_type`]: launch.message_type,
    [`${CLAIM}version`]: LTI_VERSION,
    [`${CLAIM}deployment_id`]: launch.deployment_id,
    [`${CLAIM}roles`]: lisRoles(subject.account.roles, subject.enrolled),
    [`${CLAIM}context`]: {
      id: String(subject.course.id),
      title: subject.course.title,
      type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
    },
    [`${CLAIM}tool_platform`]: {
      guid: `${urls.issuer}#portal-${subject.portal.id}`,
      name: subject.portal.name,
      product_family_code: 'leerpad',
    },
    [`${CLAIM}launch_presentation`]: {
      document_target: 'iframe',
      ...(launch.return_url ? { return_url: launch.return_url } : {}),
      locale: subject.account.locale ?? 'nl',
    },
    [`${CLAIM}custom`]: { ...customOf(tool.custom), ...(subject.link?.custom ?? {}) },
  };
  if (launch.message_type === 'LtiResourceLinkRequest' && subject.link) {
    claims[`${CLAIM}target_link_uri`] = subject.link.url ?? tool.launch_url;
    claims[`${CLAIM}resource_link`] = { id: subject.link.resourceLinkId, title: subject.link.title };
  } else {
    claims[`${CLAIM}target_link_uri`] = tool.deep_linking_url ?? tool.launch_url;
    claims[`${DL_CLAIM}deep_linking_settings`] = {
      deep_link_return_url: urls.deepLinkingReturn,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: true,
      auto_create: true,
      data: deepLinkingData,
    };
  }
  if (services.has('ags')) {
    claims[AGS_CLAIM] = {
      scope: Object.values(AGS_SCOPES),
      lineitems: urls.lineItems(subject.course.id),
      ...(subject.lineItemId ? { lineitem: urls.lineItem(subject.course.id, subject.lineItemId) } : {}),
    };
  }
  if (services.has('nrps')) {
    claims[NRPS_CLAIM] = {
      context_memberships_url: urls.memberships(subject.course.id),
      service_versions: ['2.0'],
    };
  }
  const key = await ltiSigningKey(db, subject.portal.id);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: LTI_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(urls.issuer)
    .setAudience(tool.client_id)
    .setSubject(String(subject.account.id))
    .setIssuedAt()
    .setExpirationTime(`${ID_TOKEN_SECONDS}s`)
    .sign(key.privateKey);
}

/** A page that posts the given fields to `action` at once (the OIDC form_post response mode). */
export function autoPostPage(action: string, fields: Record<string, string>, nonce: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LTI</title></head><body>
<form method="post" action="${escapeHtml(action)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>
<script nonce="${nonce}">document.forms[0].submit()</script></body></html>`;
}
