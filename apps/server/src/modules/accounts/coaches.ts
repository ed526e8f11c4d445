import { rolesGranting } from '@leerpad/core';
import type { Executor, PortalScope } from '../../db/schema';

/**
 * The coaches of a portal: accounts holding one of core's coach roles (`COACH_ROLES`, the roles
 * that open the coach environment). Every query
 * that asks "is this account a coach" starts here — choosing a primary coach, a mandate's coach, an
 * automation's coach, the coaches told of a hand-in, the qualifications report's coach filter — so
 * a role added to the list counts everywhere at once. `exists` keeps one row per account, however
 * many coach roles it holds. Callers add their select and any narrowing.
 */
export function coachAccounts(db: Executor, scope: PortalScope) {
  return db
    .selectFrom('accounts')
    .where('accounts.portal_id', '=', scope)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('account_roles')
          .select('account_roles.account_id')
          .whereRef('account_roles.account_id', '=', 'accounts.id')
          .where('account_roles.role', 'in', [...rolesGranting('enter:coach')]),
      ),
    );
}
