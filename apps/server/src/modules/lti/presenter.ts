import type { LtiToolResource } from './schema';
import type { LtiToolWithCreator } from './tools';
import { customOf, deploymentIdsOf, redirectUrisOf, servicesOf } from './tools';
import { ltiUrls } from './urls';

export function presentLtiTool(row: LtiToolWithCreator, baseUrl: string): LtiToolResource {
  const urls = ltiUrls(baseUrl);
  return {
    type: 'lti_tools',
    id: String(row.id),
    attributes: {
      name: row.name,
      status: row.status,
      registered_by: row.registered_by,
      client_id: row.client_id,
      login_url: row.login_url,
      launch_url: row.launch_url,
      deep_linking_url: row.deep_linking_url,
      redirect_uris: redirectUrisOf(row),
      jwks_url: row.jwks_url,
      public_jwk: row.public_jwk ? (JSON.parse(row.public_jwk) as Record<string, unknown>) : null,
      deployment_ids: deploymentIdsOf(row),
      custom: customOf(row.custom),
      services: [...servicesOf(row)],
      contact_email: row.contact_email,
      logo_url: row.logo_url,
      creator_name: row.creator_name,
      created_at: row.created_at,
      updated_at: row.updated_at,
      platform: {
        issuer: urls.issuer,
        client_id: row.client_id,
        authorization_url: urls.authorization,
        token_url: urls.token,
        jwks_url: urls.jwks,
      },
    },
  };
}
