import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

/** Anyone who can read a learning object may report a problem in it; all staff triage. */
export const contentIssuePolicy = {
  canTriage(actor: AccountContext): boolean {
    return can(subjectOf(actor), 'triage:content-issue');
  },
  canSee(actor: AccountContext, issue: { reporter_id: number | null }): boolean {
    return contentIssuePolicy.canTriage(actor) || issue.reporter_id === actor.id;
  },
};
