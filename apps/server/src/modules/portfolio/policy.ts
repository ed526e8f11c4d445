import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import { NotFound } from '../../domain/errors';
import type { PortalContext } from '../../context/portal';
import type { AccountContext } from '../../context/account';

/**
 * Who sees a portfolio item: its student always; coaches and staff (who may comment) the items
 * shared with coaches or made public. Everyone else gets a 404, as if the item did not exist.
 */
export const portfolioPolicy = {
  owns(actor: AccountContext, item: { account_id: number }): boolean {
    return item.account_id === actor.id;
  },
  comments(actor: AccountContext, portal: PortalContext): boolean {
    return can(subjectOf(actor, portal), 'comment:portfolio-item');
  },
  keeps(actor: AccountContext, portal: PortalContext): boolean {
    return can(subjectOf(actor, portal), 'keep:portfolio');
  },
  canSee(actor: AccountContext, portal: PortalContext, item: { account_id: number; visibility: string }) {
    if (portfolioPolicy.owns(actor, item)) return true;
    return item.visibility !== 'private' && portfolioPolicy.comments(actor, portal);
  },
  authorizeSee(
    actor: AccountContext,
    portal: PortalContext,
    item: { account_id: number; visibility: string },
  ) {
    if (!portfolioPolicy.canSee(actor, portal, item)) throw new NotFound('portfolio item');
  },
  authorizeOwn(actor: AccountContext, item: { account_id: number }) {
    if (!portfolioPolicy.owns(actor, item)) throw new NotFound('portfolio item');
  },
};
