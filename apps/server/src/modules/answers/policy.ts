import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { AccountContext } from '../../context/account';

/**
 * Answers belong to their members (the author and, on group assignments, classmates). Coaches and
 * staff of the portal see handed-in answers and review them; drafts stay private.
 */
export const answerPolicy = {
  canReview(actor: AccountContext): boolean {
    return can(subjectOf(actor), 'review:answer');
  },
  canSee(actor: AccountContext, answer: { status: string }, memberIds: number[]): boolean {
    if (memberIds.includes(actor.id)) return true;
    return answerPolicy.canReview(actor) && answer.status !== 'draft';
  },
};
