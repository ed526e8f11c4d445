import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

/**
 * Who may see or change an account and what it owns. Reading: the account itself, the portal's
 * staff (and platform staff across portals), and the account's primary coach. Changing its details,
 * preferences and notifications: only the account itself and those who manage accounts — a coach,
 * an author or sales staff read a student's account and may not rename it (decision 048).
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
  canChange(actor: AccountContext, target: { id: number; portal_id: number }): boolean {
    return can(subjectOf(actor), 'update:account', { portalId: target.portal_id, ownerId: target.id });
  },
  canSeeContact(actor: AccountContext, target: { id: number; portal_id: number }): boolean {
    return accountPolicy.isSelfOrStaff(actor, target);
  },
};
