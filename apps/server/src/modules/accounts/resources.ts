import { includable, registerLoader, registerRelationships } from '../../http/includes';
import { accountPolicy } from './policy';
import { presentAccount, presentEntity } from './presenter';
import type { AccountSummary } from './presenter';
import { accountsWithRoles } from './service';

// An included account shows its contact details by one rule wherever it is included: to the
// account itself and to staff (accountPolicy.canSeeContact).
registerLoader('accounts', async (db, scope, ids, { account: viewer }) =>
  (await accountsWithRoles(db, scope, ids)).map(({ row, roles }) =>
    presentAccount(row, roles, { showContact: viewer ? accountPolicy.canSeeContact(viewer, row) : false }),
  ),
);

registerLoader('entities', async (db, scope, ids) =>
  (
    await db
      .selectFrom('entities')
      .select(['id', 'name'])
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map(presentEntity),
);

registerRelationships<Pick<AccountSummary, 'entity_id'>>('accounts', {
  entity: { type: 'entities', ids: (row) => row.entity_id },
});

export const ACCOUNT_INCLUDES = includable('accounts', ['entity']);
