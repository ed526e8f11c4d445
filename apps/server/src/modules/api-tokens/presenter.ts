import type { ApiTokenRow } from '../../db/schema-settings';
import type { ApiTokenResource } from './schema';

export function presentApiToken(
  row: ApiTokenRow & { creator_name: string },
  secret?: string,
): ApiTokenResource {
  return {
    type: 'api_tokens',
    id: String(row.id),
    attributes: {
      name: row.name,
      scopes: row.scopes.split(',').filter(Boolean),
      token_hint: row.token_hint,
      created_at: row.created_at,
      last_used_at: row.last_used_at,
      revoked_at: row.revoked_at,
      creator_name: row.creator_name,
      ...(secret ? { secret } : {}),
    },
  };
}
