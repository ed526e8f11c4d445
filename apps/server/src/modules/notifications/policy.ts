import { mayOpenPath, notificationPath } from '@leerpad/core';
import type { AccountContext } from '../../context/account';
import type { PortalContext } from '../../context/portal';

export const notificationPolicy = {
  /**
   * A notification's link may be followed when it stays on this portal and leads to a page the
   * reader may open (the page map the web app's guards, menu and breadcrumbs ask too, decision
   * 062). Otherwise the item is shown without a link.
   */
  canOpen(
    actor: AccountContext,
    link: string | null,
    portal: Pick<PortalContext, 'domains' | 'features'>,
  ): boolean {
    if (!link) return false;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
      try {
        const url = new URL(link);
        if (!portal.domains.includes(url.hostname.toLowerCase())) return false;
      } catch {
        return false;
      }
    }
    const path = notificationPath(link);
    if (!path) return false;
    return mayOpenPath(path, { authenticated: true, roles: actor.roles, features: portal.features });
  },
};
