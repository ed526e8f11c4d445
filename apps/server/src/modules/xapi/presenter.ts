import type { XapiCredentialRow } from '../../db/schema-xapi';
import type { XapiCredentialResource, XapiSettingsResource } from './schema';

export function presentXapiCredential(
  row: XapiCredentialRow & { creator_name: string | null },
  endpoint: string,
  secret?: string,
): XapiCredentialResource {
  return {
    type: 'xapi_credentials',
    id: String(row.id),
    attributes: {
      name: row.name,
      key: row.key,
      scopes: row.scopes.split(',').filter(Boolean),
      endpoint,
      created_at: row.created_at,
      last_used_at: row.last_used_at,
      revoked_at: row.revoked_at,
      creator_name: row.creator_name,
      ...(secret ? { secret } : {}),
    },
  };
}

export function presentXapiSettings(scope: number, selfStatements: boolean): XapiSettingsResource {
  return { type: 'xapi_settings', id: String(scope), attributes: { self_statements: selfStatements } };
}
