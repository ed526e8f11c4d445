import type { ImpersonationRow } from '../../db/schema-support';
import { identifier } from '../../http/jsonapi';
import type { ImpersonationResource } from './schema';

export type ImpersonationWithNames = ImpersonationRow & {
  actor_name: string | null;
  account_name: string | null;
};

export function presentImpersonation(row: ImpersonationWithNames, now = Date.now()): ImpersonationResource {
  const expired = Date.parse(row.expires_at) <= now;
  return {
    type: 'impersonations',
    id: String(row.id),
    attributes: {
      reason: row.reason,
      actor_name: row.actor_name,
      account_name: row.account_name,
      started_at: row.started_at,
      expires_at: row.expires_at,
      ended_at: row.ended_at ?? (expired ? row.expires_at : null),
      active: row.ended_at === null && !expired,
    },
    relationships: {
      actor: { data: identifier('accounts', row.actor_id) },
      account: { data: identifier('accounts', row.account_id) },
    },
  };
}
