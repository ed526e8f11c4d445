import { isAllStaff } from '@leerpad/core';
import type { AccountContext } from '../../http/session';

/** Anyone who can read a learning object may report a problem in it; all staff triage. */
export const contentIssuePolicy = {
  canTriage(actor: AccountContext): boolean {
    return isAllStaff(actor.roles);
  },
  canSee(actor: AccountContext, issue: { reporter_id: number | null }): boolean {
    return contentIssuePolicy.canTriage(actor) || issue.reporter_id === actor.id;
  },
};
