import { can } from '@leerpad/core';
import { authorize, subjectOf } from '../../http/authorize';
import type { PortalContext } from '../../context/portal';
import type { AccountContext } from '../../context/account';

/** Staff define, assign and revoke; every holder sees their own certificates, staff see all. */
export const certificationPolicy = {
  canManage(actor: AccountContext, portal: PortalContext): boolean {
    return can(subjectOf(actor, portal), 'manage:certification');
  },
  canSeeAll(actor: AccountContext, portal: PortalContext): boolean {
    return can(subjectOf(actor, portal), 'read:certificate', { portalId: portal.id });
  },
  /** Someone else's certificate is a 404 to a student: they cannot tell it exists. */
  authorizeRead(
    actor: AccountContext,
    portal: PortalContext,
    certificate: { portal_id: number; account_id: number },
  ) {
    authorize(
      actor,
      portal,
      'read:certificate',
      { portalId: certificate.portal_id, ownerId: certificate.account_id },
      { conceal: true, resource: 'certificate' },
    );
  },
};
