import type { AccountPreferenceResource } from './schema';
import type { PreferenceRow } from './service';

export const presentPreference = (row: PreferenceRow): AccountPreferenceResource => ({
  type: 'account_preferences',
  id: String(row.id),
  attributes: { property: row.property, payload: row.payload, updated_at: row.updated_at },
});
