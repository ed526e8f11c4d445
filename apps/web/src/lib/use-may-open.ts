/**
 * Whether an in-app address opens for the signed-in reader: the page map's rule (`mayOpenPath` in
 * @leerpad/core), which the route guards, the menu and the breadcrumbs apply too (decision 062).
 * In-page links ask it before they show themselves as links.
 */
import { useCallback } from 'react';
import { mayOpenPath } from '@leerpad/core';
import { useSession } from './session/use-session';

export function useMayOpen(): (path: string) => boolean {
  const { authenticated, roles, features } = useSession();
  return useCallback(
    (path: string) => mayOpenPath(path, { authenticated, roles, features }),
    [authenticated, roles, features],
  );
}
