import { canManageMultiplePortals } from '@leerpad/core';
import type { AccountContext } from '../../http/session';

export const portalPolicy = {
  canList(actor: AccountContext | null): boolean {
    return Boolean(actor && canManageMultiplePortals(actor.roles));
  },
  /** A portal's public settings are readable by its own visitors and by multi-portal managers. */
  canRead(actor: AccountContext | null, requestPortalId: number, portalId: number): boolean {
    return portalId === requestPortalId || portalPolicy.canList(actor);
  },
};
