/** Access tokens of the LTI services (decision 070): random, kept as a hash, an hour long, per tool. */
import { randomBytes } from 'node:crypto';
import type { Executor, PortalScope } from '../../db/schema';
import { hashToken } from '../../http/session';

export const ACCESS_TOKEN_SECONDS = 3600;

export async function issueAccessToken(db: Executor, scope: PortalScope, toolId: number, scopes: string[]) {
  const accessToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('lti_access_tokens')
    .values({
      token_hash: hashToken(accessToken),
      portal_id: scope,
      tool_id: toolId,
      scopes: scopes.join(' '),
      expires_at: new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000).toISOString(),
    })
    .execute();
  return accessToken;
}

/** The live token's tool (active) and scopes, or undefined. */
export async function tokenCaller(db: Executor, scope: PortalScope, token: string) {
  const row = await db
    .selectFrom('lti_access_tokens')
    .innerJoin('lti_tools', 'lti_tools.id', 'lti_access_tokens.tool_id')
    .selectAll('lti_tools')
    .select('lti_access_tokens.scopes as token_scopes')
    .where('lti_access_tokens.token_hash', '=', hashToken(token))
    .where('lti_access_tokens.portal_id', '=', scope)
    .where('lti_access_tokens.expires_at', '>', new Date().toISOString())
    .where('lti_tools.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_scopes: scopes, ...tool } = row;
  return { tool, scopes: new Set(scopes.split(' ')) };
}
