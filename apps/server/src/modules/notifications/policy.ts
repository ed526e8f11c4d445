import { can, environmentFromPath, notificationPath } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

export const notificationPolicy = {
  /**
   * A notification's link may be followed when it stays on this portal and leads into an
   * environment the account may enter: admin pages for staff, coach pages for coaches and staff.
   */
  canOpen(actor: AccountContext, link: string | null, portalDomains: string[]): boolean {
    if (!link) return false;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
      try {
        const url = new URL(link);
        if (!portalDomains.includes(url.hostname.toLowerCase())) return false;
      } catch {
        return false;
      }
    }
    const path = notificationPath(link);
    if (!path) return false;
    const { environment } = environmentFromPath(path.split('?')[0] ?? '/');
    if (environment === 'admin') return can(subjectOf(actor), 'enter:admin');
    if (environment === 'coach') return can(subjectOf(actor), 'follow:student');
    return true;
  },
};
