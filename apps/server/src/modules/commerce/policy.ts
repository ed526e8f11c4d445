import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

/** Staff with `manage:order` see and change every order of their portal; buyers see their own. */
export const commercePolicy = {
  isSalesStaff(actor: AccountContext): boolean {
    return can(subjectOf(actor), 'manage:order');
  },
  canSeeOrder(actor: AccountContext, order: { account_id: number }): boolean {
    return commercePolicy.isSalesStaff(actor) || order.account_id === actor.id;
  },
};
