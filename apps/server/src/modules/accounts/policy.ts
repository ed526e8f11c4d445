import { canManageMultiplePortals, isAllStaff } from '@leerpad/core';
import type { AccountContext } from '../../http/session';

/**
 * Who may see or change an account and what it owns. Callers have already scoped the target to the
 * request's portal; these rules decide between the account itself and the portal's staff.
 */
export const accountPolicy = {
  isSelfOrStaff(actor: AccountContext, target: { id: number; portal_id: number }): boolean {
    if (actor.id === target.id) return true;
    if (!isAllStaff(actor.roles)) return false;
    return actor.portalId === target.portal_id || canManageMultiplePortals(actor.roles);
  },
  canSearch(actor: AccountContext): boolean {
    return isAllStaff(actor.roles);
  },
  canSeeContact(actor: AccountContext, target: { id: number; portal_id: number }): boolean {
    return accountPolicy.isSelfOrStaff(actor, target);
  },
};
