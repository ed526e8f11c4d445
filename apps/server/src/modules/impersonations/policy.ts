import { mayActAsRoles } from '@leerpad/core';
import type { AccountContext } from '../../context/account';

export const impersonationPolicy = {
  /** A support user acts only as someone whose highest role is not above their own. */
  mayActAs(actor: AccountContext, targetRoles: readonly string[]): boolean {
    return mayActAsRoles(actor.roles, targetRoles);
  },
  /** Who really makes the request: the support user while acting, else the account itself. */
  realAccount(account: AccountContext): AccountContext {
    return account.acting?.actor ?? account;
  },
};
