import type { AccountContext } from '../context/account';
import type { PortalContext } from '../context/portal';

/** What the request pipeline adds to every Fastify request. */
declare module 'fastify' {
  interface FastifyRequest {
    portal: PortalContext;
    account: AccountContext | null;
    sessionTokenHash: string | null;
    /** Set when the request authenticated with an API token: the permissions it may use. */
    apiTokenScopes: ReadonlySet<string> | null;
    /** The JSON body as sent, kept for a payment provider's signed webhook only. */
    rawBody: string | null;
  }
}
