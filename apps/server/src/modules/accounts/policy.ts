import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

/**
 * Who may see or change an account and what it owns: the account itself, the portal's staff (and
 * platform staff across portals), and the account's primary coach for reading.
 */
export const accountPolicy = {
  isSelfOrStaff(
    actor: AccountContext,
    target: { id: number; portal_id: number; primary_coach_id?: number | null },
  ): boolean {
    return can(subjectOf(actor), 'read:account', {
      portalId: target.portal_id,
      ownerId: target.id,
      coachId: target.primary_coach_id ?? null,
    });
  },
  canSeeContact(actor: AccountContext, target: { id: number; portal_id: number }): boolean {
    return accountPolicy.isSelfOrStaff(actor, target);
  },
};
