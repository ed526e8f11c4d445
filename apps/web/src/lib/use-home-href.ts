import { ENVIRONMENT_HOMES, baseEnvironment } from '@leerpad/core';
import { useSession } from './session/use-session';

/** The user's own home: their base environment's home page, or sign-in for guests. */
export function useHomeHref(): string {
  const { roles, authenticated } = useSession();
  return ENVIRONMENT_HOMES[baseEnvironment(roles, authenticated)];
}
