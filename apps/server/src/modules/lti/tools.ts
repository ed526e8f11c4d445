/**
 * The LTI tools a portal trusts (decision 070). An admin adds one by hand (we make its client id)
 * or lets it register itself (dynamic registration, then it waits for approval). A tool's key is its
 * JWKS address or one public JWK; launches and service calls go only to an active tool.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createLocalJWKSet, importJWK } from 'jose';
import type { JWK, JWTHeaderParameters, FlattenedJWSInput, CryptoKey } from 'jose';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { LtiToolRow, LtiToolStatus } from '../../db/schema-lti';
import { Invalid, NotFound } from '../../domain/errors';
import { recordAudit } from '../audit/service';
import { fetchRemoteJson, RemoteRefused } from './remote';

export const LTI_SERVICES = ['ags', 'nrps', 'deep_linking'] as const;
export type LtiService = (typeof LTI_SERVICES)[number];

export interface ToolInput {
  name: string;
  login_url: string;
  launch_url: string;
  deep_linking_url?: string | null | undefined;
  redirect_uris: string[];
  jwks_url?: string | null | undefined;
  public_jwk?: Record<string, unknown> | null | undefined;
  deployment_ids?: string[] | undefined;
  custom?: Record<string, string> | undefined;
  services: LtiService[];
  contact_email?: string | null | undefined;
  logo_url?: string | null | undefined;
}

export const servicesOf = (tool: Pick<LtiToolRow, 'services'>) =>
  new Set(tool.services.split(',').filter(Boolean) as LtiService[]);
export const redirectUrisOf = (tool: Pick<LtiToolRow, 'redirect_uris'>) =>
  JSON.parse(tool.redirect_uris) as string[];
export const deploymentIdsOf = (tool: Pick<LtiToolRow, 'deployment_ids'>) =>
  JSON.parse(tool.deployment_ids) as string[];
export const customOf = (json: string) => JSON.parse(json) as Record<string, string>;

function toolQuery(db: Executor, scope: PortalScope) {
  return db
    .selectFrom('lti_tools')
    .leftJoin('accounts', 'accounts.id', 'lti_tools.account_id')
    .selectAll('lti_tools')
    .select('accounts.full_name as creator_name')
    .where('lti_tools.portal_id', '=', scope);
}
export type LtiToolWithCreator = LtiToolRow & { creator_name: string | null };

export function listTools(db: Executor, scope: PortalScope) {
  return toolQuery(db, scope).orderBy('lti_tools.name').orderBy('lti_tools.id').execute();
}

export async function findTool(db: Executor, scope: PortalScope, id: number): Promise<LtiToolWithCreator> {
  const row = await toolQuery(db, scope).where('lti_tools.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('LTI tool');
  return row;
}

/** A tool by the client id it names itself with, in this portal; undefined when unknown. */
export function toolByClientId(db: Executor, scope: PortalScope, clientId: string) {
  return db
    .selectFrom('lti_tools')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function requireActiveTool(db: Executor, scope: PortalScope, id: number) {
  const tool = await findTool(db, scope, id);
  if (tool.status !== 'active')
    throw new Invalid([
      {
        pointer: '/tool',
        code: 'LTI_TOOL_NOT_ACTIVE',
        detail: 'This LTI tool is not approved yet or is switched off.',
      },
    ]);
  return tool;
}

function checkKey(input: Pick<ToolInput, 'jwks_url' | 'public_jwk'>, pointer: (name: string) => string) {
  if (!input.jwks_url && !input.public_jwk)
    throw new Invalid([
      {
        pointer: pointer('jwks_url'),
        code: 'LTI_TOOL_KEY_MISSING',
        detail: "Give the tool's key set address or its public key.",
      },
    ]);
  if (input.public_jwk && (input.public_jwk['kty'] !== 'RSA' || 'd' in input.public_jwk))
    throw new Invalid([
      {
        pointer: pointer('public_jwk'),
        code: 'LTI_TOOL_KEY_INVALID',
        detail: 'The public key must be a public RSA JSON Web Key.',
      },
    ]);
}

const newDeploymentId = () => randomUUID();
export const newClientId = () => `lti_${randomBytes(12).toString('hex')}`;

function columns(input: ToolInput) {
  return {
    name: input.name,
    login_url: input.login_url,
    launch_url: input.launch_url,
    deep_linking_url: input.deep_linking_url ?? null,
    redirect_uris: JSON.stringify([...new Set(input.redirect_uris)]),
    deployment_ids: JSON.stringify(
      input.deployment_ids && input.deployment_ids.length > 0
        ? [...new Set(input.deployment_ids)]
        : [newDeploymentId()],
    ),
    jwks_url: input.jwks_url ?? null,
    public_jwk: input.public_jwk ? JSON.stringify(input.public_jwk) : null,
    custom: JSON.stringify(input.custom ?? {}),
    services: [...new Set(input.services)].join(','),
    contact_email: input.contact_email ?? null,
    logo_url: input.logo_url ?? null,
  };
}

/** Adds a tool; by hand it is active at once, by dynamic registration it waits for approval. */
export async function createTool(
  db: Executor,
  scope: PortalScope,
  input: ToolInput,
  how: { accountId: number | null; ip: string | null; registeredBy: 'manual' | 'dynamic' },
  pointer: (name: string) => string,
): Promise<LtiToolWithCreator> {
  checkKey(input, pointer);
  const status: LtiToolStatus = how.registeredBy === 'manual' ? 'active' : 'pending';
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('lti_tools')
      .values({
        portal_id: scope,
        account_id: how.accountId,
        client_id: newClientId(),
        status,
        registered_by: how.registeredBy,
        created_at: now,
        updated_at: now,
        ...columns(input),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: how.accountId,
      action: how.registeredBy === 'manual' ? 'lti_tool.created' : 'lti_tool.registered',
      entityType: 'lti_tool',
      entityId: row.id,
      details: { name: input.name, services: input.services },
      ip: how.ip,
    });
    return row.id;
  });
  return findTool(db, scope, id);
}

export async function updateTool(
  db: Executor,
  scope: PortalScope,
  id: number,
  input: Partial<ToolInput> & { status?: LtiToolStatus | undefined },
  actor: { accountId: number; ip: string | null },
  pointer: (name: string) => string,
): Promise<LtiToolWithCreator> {
  const current = await findTool(db, scope, id);
  const merged: ToolInput = {
    name: input.name ?? current.name,
    login_url: input.login_url ?? current.login_url,
    launch_url: input.launch_url ?? current.launch_url,
    deep_linking_url:
      input.deep_linking_url === undefined ? current.deep_linking_url : input.deep_linking_url,
    redirect_uris: input.redirect_uris ?? redirectUrisOf(current),
    jwks_url: input.jwks_url === undefined ? current.jwks_url : input.jwks_url,
    public_jwk:
      input.public_jwk === undefined
        ? current.public_jwk
          ? (JSON.parse(current.public_jwk) as Record<string, unknown>)
          : null
        : input.public_jwk,
    deployment_ids: input.deployment_ids ?? deploymentIdsOf(current),
    custom: input.custom ?? customOf(current.custom),
    services: input.services ?? [...servicesOf(current)],
    contact_email: input.contact_email === undefined ? current.contact_email : input.contact_email,
    logo_url: input.logo_url === undefined ? current.logo_url : input.logo_url,
  };
  checkKey(merged, pointer);
  const approved = current.status === 'pending' && input.status === 'active';
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('lti_tools')
      .set({ ...columns(merged), status: input.status ?? current.status, updated_at: nowIso() })
      .where('portal_id', '=', scope)
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      action: approved ? 'lti_tool.approved' : 'lti_tool.updated',
      entityType: 'lti_tool',
      entityId: id,
      details: { name: merged.name, status: input.status ?? current.status },
      ip: actor.ip,
    });
  });
  return findTool(db, scope, id);
}

export async function deleteTool(
  db: Executor,
  scope: PortalScope,
  id: number,
  actor: { accountId: number; ip: string | null },
): Promise<void> {
  const tool = await findTool(db, scope, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('lti_tools').where('portal_id', '=', scope).where('id', '=', id).execute();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      action: 'lti_tool.deleted',
      entityType: 'lti_tool',
      entityId: id,
      details: { name: tool.name },
      ip: actor.ip,
    });
  });
}

type KeyGetter = (header: JWTHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey | Uint8Array>;

/** The key(s) a tool signs with, for jose's jwtVerify: its stored JWK or its key set, fetched now. */
export async function toolKeys(tool: LtiToolRow, allowPrivate: boolean): Promise<KeyGetter> {
  if (tool.public_jwk) {
    const key = await importJWK(JSON.parse(tool.public_jwk) as JWK, 'RS256');
    return async () => key;
  }
  if (!tool.jwks_url) throw new RemoteRefused('The tool has no key.');
  const set = await fetchRemoteJson(tool.jwks_url, allowPrivate);
  if (!set || typeof set !== 'object' || !Array.isArray((set as { keys?: unknown }).keys))
    throw new RemoteRefused("The tool's key set has no keys.");
  const local = createLocalJWKSet(set as { keys: JWK[] });
  return async (header, token) => local(header, token);
}
