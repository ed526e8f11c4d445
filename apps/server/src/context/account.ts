/** Who makes a request: the signed-in account, and who really acts when support acts as it. */
export interface AccountContext {
  id: number;
  portalId: number;
  fullName: string;
  email: string;
  locale: string | null;
  roles: string[];
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
