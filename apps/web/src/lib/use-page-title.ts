import { useEffect } from 'react';
import { documentTitle } from './portal/theme';
import { useSession } from './session/use-session';

/** Sets the document title to "Page · Portal"; without a title it leaves the current one alone. */
export function usePageTitle(title?: string | null): void {
  const { portal } = useSession();
  const name = portal?.name;
  useEffect(() => {
    if (title === undefined || title === null) return;
    document.title = documentTitle(name, title);
  }, [name, title]);
}
