import type { AnswerRow } from '../../db/schema-learning';
import type { Executor } from '../../db/schema';
import { includable, registerLoader, registerRelationships } from '../../http/includes';
import type { AccountContext } from '../../context/account';
import { answerPolicy } from './policy';
import { presentAnswer } from './presenter';
import { EDITABLE_STATUSES, invitationsOf, membersOf } from './service';

/**
 * The members of answer rows already read in this request, so that the document, its `members`
 * include and the policy before them read the members of one row once.
 */
const knownMembers = new WeakMap<AnswerRow, readonly number[]>();

export function withKnownMembers(row: AnswerRow, members: readonly number[]): AnswerRow {
  knownMembers.set(row, members);
  return row;
}

async function membersOfRows(
  db: Executor,
  rows: readonly AnswerRow[],
): Promise<Map<number, readonly number[]>> {
  const unknown = rows.filter((row) => !knownMembers.has(row));
  const loaded = await membersOf(
    db,
    unknown.map((row) => row.id),
  );
  for (const row of unknown) knownMembers.set(row, loaded.get(row.id) ?? []);
  return new Map(rows.map((row) => [row.id, knownMembers.get(row) ?? []]));
}

/** Answers as the viewer sees them: their abilities, and the invitations a member (or invitee) sees. */
export async function presentAnswers(
  db: Executor,
  viewer: AccountContext | null,
  rows: readonly AnswerRow[],
) {
  const answerIds = rows.map((row) => row.id);
  const [members, invitations] = await Promise.all([membersOfRows(db, rows), invitationsOf(db, answerIds)]);
  const reviewer = viewer ? answerPolicy.canReview(viewer) : false;
  return rows.map((row) => {
    const memberIds = members.get(row.id) ?? [];
    const mine = viewer !== null && memberIds.includes(viewer.id);
    const editable = mine && EDITABLE_STATUSES.includes(row.status);
    const rowInvitations = invitations.get(row.id) ?? [];
    const invited = rowInvitations.some(
      (invitation) => invitation.account_id === viewer?.id && invitation.state === 'invited',
    );
    // Members see who else was asked; an invitee sees only their own invitation.
    const shownInvitations = mine
      ? rowInvitations
      : rowInvitations.filter((invitation) => invitation.account_id === viewer?.id);
    return presentAnswer(row, memberIds, shownInvitations, {
      edit: editable,
      submit: editable,
      review: reviewer && row.status === 'submitted',
      respond: invited,
    });
  });
}

registerLoader('answers', async (db, scope, ids, { account }) =>
  presentAnswers(
    db,
    account,
    await db
      .selectFrom('answers')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute(),
  ),
);

registerRelationships<AnswerRow>('answers', {
  account: { type: 'accounts', ids: (row) => row.account_id },
  // The members, and the classmates invited to join as far as the viewer sees the invitations.
  members: {
    type: 'accounts',
    query: async (rows, { services, account }) =>
      (await presentAnswers(services.db, account, rows)).flatMap((answer) => [
        ...answer.relationships.members.data.map((member) => Number(member.id)),
        ...answer.attributes.invitations.map((invitation) => Number(invitation.account_id)),
      ]),
  },
  learning_object: { type: 'learning_objects', ids: (row) => row.learning_object_id },
  course: { type: 'courses', ids: (row) => row.course_id },
  file: { type: 'files', ids: (row) => row.file_id },
  reviewer: { type: 'accounts', ids: (row) => row.reviewer_id },
});

export const ANSWER_INCLUDES = includable('answers', [
  'account',
  'members',
  'learning_object',
  'course',
  'file',
  'reviewer',
]);
