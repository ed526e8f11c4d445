import type { ReactNode } from 'react';
import { SessionContext, useSessionQueries } from './use-session';

/** Asks for the session once for everything under it (see use-session.ts). */
export function SessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider value={useSessionQueries()}>{children}</SessionContext.Provider>;
}
