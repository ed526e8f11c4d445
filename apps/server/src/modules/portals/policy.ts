import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

export const portalPolicy = {
  canList(actor: AccountContext | null): boolean {
    return Boolean(actor && can(subjectOf(actor), 'manage:portal'));
  },
  /** A portal's public settings are readable by its own visitors and by multi-portal managers. */
  canRead(actor: AccountContext | null, requestPortalId: number, portalId: number): boolean {
    return portalId === requestPortalId || portalPolicy.canList(actor);
  },
};
