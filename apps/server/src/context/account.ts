/** Who makes a request: the signed-in account, and who really acts when support acts as it. */
export interface AccountContext {
  id: number;
  portalId: number;
  fullName: string;
  email: string;
  locale: string | null;
  roles: string[];
  /**
   * Whether the account has an active subscription, read with the session or the API token (the
   * cached view is dropped when its subscriptions change). Absent where the context was made
   * another way: then it is looked up when a route asks.
   */
  subscriptionActive?: boolean;
  /**
   * Set while a support user's session acts as this account: the requests run as this account,
   * and `actor` is who really makes them (modules/impersonations).
   */
  acting?: ActingContext;
}

export interface ActingContext {
  impersonationId: number;
  /** When the act ends by itself (ISO-8601). */
  expiresAt: string;
  actor: AccountContext;
}

/** Who really makes a request, for the audit log: support acting as an account is named as such. */
export interface RequestActor {
  accountId: number;
  actingForId: number | null;
  ip: string | null;
}

export const actorOf = (account: AccountContext, ip: string | null): RequestActor => ({
  accountId: account.acting?.actor.id ?? account.id,
  actingForId: account.acting ? account.id : null,
  ip,
});
