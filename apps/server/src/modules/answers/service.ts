import { FEATURES } from '@leerpad/core';
import type { AnswerInvitationDecision, AnswerInvitationState, AnswerReviewOutcome } from '@leerpad/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { Database, Executor, PortalScope } from '../../db/schema';
import { findInPortal } from '../../db/find-in-portal';
import { pagedList, type PageRequest, type SortOrder } from '../../db/pages';
import type { AnswerRow, CourseRow, LearningObjectRow } from '../../db/schema-learning';
import { Conflict, Invalid, NotFound } from '../../domain/errors';
import type { PortalContext } from '../../context/portal';
import { findEnrollment } from '../course-content/queries';
import { sanitizeRichText } from '../course-content/rich-text';
import { courseLink } from '../enrollments/messages';
import { completeEnrollmentIfDone, recordProgress } from '../enrollments/service';
import { moveAnswerWeek } from '../course-content/answer-weeks';
import { notify } from '../notifications/service';
import { assignmentSettings } from '../course-content/learning-object-settings';
import { coachAccounts } from '../accounts/coaches';

export const EDITABLE_STATUSES = ['draft', 'revision_requested'];

export const findAnswer = (db: Executor, scope: PortalScope, id: number): Promise<AnswerRow> =>
  findInPortal(db, 'answers', scope, id);

/** The answer an account works on for an assignment: its own, or a group answer it is a member of. */
export async function answerOf(
  db: Executor,
  scope: PortalScope,
  learningObjectId: number,
  accountId: number,
): Promise<AnswerRow | undefined> {
  return db
    .selectFrom('answers')
    .innerJoin('answer_members', 'answer_members.answer_id', 'answers.id')
    .selectAll('answers')
    .where('answers.portal_id', '=', scope)
    .where('answer_members.learning_object_id', '=', learningObjectId)
    .where('answer_members.account_id', '=', accountId)
    .executeTakeFirst();
}

export async function membersOf(db: Executor, answerIds: number[]): Promise<Map<number, number[]>> {
  const members = new Map<number, number[]>(answerIds.map((id) => [id, []]));
  if (answerIds.length === 0) return members;
  const rows = await db
    .selectFrom('answer_members')
    .select(['answer_id', 'account_id'])
    .where('answer_id', 'in', answerIds)
    .orderBy('account_id')
    .execute();
  for (const row of rows) members.get(row.answer_id)?.push(row.account_id);
  return members;
}

/** The classmates invited to each answer who have not accepted yet: still invited, or declined. */
export async function invitationsOf(
  db: Executor,
  answerIds: number[],
): Promise<Map<number, Array<{ account_id: number; state: AnswerInvitationState }>>> {
  const invitations = new Map<number, Array<{ account_id: number; state: AnswerInvitationState }>>(
    answerIds.map((id) => [id, []]),
  );
  if (answerIds.length === 0) return invitations;
  const rows = await db
    .selectFrom('answer_invitations')
    .select(['answer_id', 'account_id', 'state'])
    .where('answer_id', 'in', answerIds)
    .orderBy('account_id')
    .execute();
  for (const row of rows)
    invitations.get(row.answer_id)?.push({ account_id: row.account_id, state: row.state });
  return invitations;
}

/** The group answers to an assignment that an account is invited to join and has not answered yet. */
export async function pendingInvitations(
  db: Executor,
  scope: PortalScope,
  learningObjectId: number,
  accountId: number,
): Promise<AnswerRow[]> {
  return db
    .selectFrom('answers')
    .innerJoin('answer_invitations', 'answer_invitations.answer_id', 'answers.id')
    .selectAll('answers')
    .where('answers.portal_id', '=', scope)
    .where('answer_invitations.learning_object_id', '=', learningObjectId)
    .where('answer_invitations.account_id', '=', accountId)
    .where('answer_invitations.state', '=', 'invited')
    .orderBy('answers.id')
    .execute();
}

export interface DraftInput {
  text?: string | undefined;
  file_id?: number | null | undefined;
  member_ids?: number[] | undefined;
}

/** Plain text of sanitised HTML, to tell whether an answer says anything. */
const hasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim().length > 0;

async function checkDraft(
  db: Executor,
  portal: PortalContext,
  assignment: LearningObjectRow,
  accountId: number,
  existing: AnswerRow | undefined,
  input: DraftInput,
  pointer: (attribute: string) => string,
): Promise<void> {
  const problems: Array<{ pointer: string; detail: string; code?: string }> = [];
  if (input.file_id && input.file_id !== existing?.file_id) {
    const file = await db
      .selectFrom('files')
      .select('id')
      .where('portal_id', '=', portal.id)
      .where('id', '=', input.file_id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!file)
      problems.push({ pointer: pointer('file'), detail: 'Upload the file first; it must be your own.' });
  }
  if (input.member_ids && input.member_ids.length > 0) {
    const settings = assignmentSettings(assignment.settings);
    if (!settings.group_submission || !portal.features.has(FEATURES.groupAssignments)) {
      problems.push({
        pointer: pointer('member_ids'),
        code: 'GROUP_SUBMISSION_DISABLED',
        detail: 'This assignment is handed in alone.',
      });
    } else if (existing && existing.account_id !== accountId) {
      problems.push({
        pointer: pointer('member_ids'),
        detail: 'Only the author of a group answer chooses its members.',
      });
    } else {
      const ids = input.member_ids;
      const [enrolled, taken] = await Promise.all([
        db
          .selectFrom('enrollments')
          .select('account_id')
          .where('portal_id', '=', portal.id)
          .where('course_id', '=', assignment.course_id)
          .where('account_id', 'in', ids)
          .execute(),
        db
          .selectFrom('answer_members')
          .select(['account_id', 'answer_id'])
          .where('learning_object_id', '=', assignment.id)
          .where('account_id', 'in', ids)
          .execute(),
      ]);
      const enrolledIds = new Set(enrolled.map((row) => row.account_id));
      const takenIds = new Map(taken.map((row) => [row.account_id, row.answer_id]));
      ids.forEach((id, index) => {
        const at = pointer(`member_ids/${index}`);
        if (id === accountId)
          problems.push({ pointer: at, detail: 'You are already part of your own answer.' });
        else if (!enrolledIds.has(id))
          problems.push({ pointer: at, detail: 'This student is not enrolled in the course.' });
        else if (takenIds.has(id) && takenIds.get(id) !== existing?.id)
          problems.push({ pointer: at, detail: 'This student already has an answer for this assignment.' });
      });
    }
  }
  if (problems.length > 0) throw new Invalid(problems);
}

async function writeDraft(
  trx: Executor,
  portal: PortalContext,
  assignment: LearningObjectRow,
  accountId: number,
  existing: AnswerRow | undefined,
  input: DraftInput,
): Promise<AnswerRow> {
  const now = nowIso();
  const changes = {
    ...(input.text === undefined ? {} : { text: sanitizeRichText(input.text) }),
    ...(input.file_id === undefined ? {} : { file_id: input.file_id }),
  };
  let answer: AnswerRow;
  if (existing) {
    await trx
      .updateTable('answers')
      .set({ ...changes, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    answer = await findAnswer(trx, portal.id, existing.id);
  } else {
    answer = await trx
      .insertInto('answers')
      .values({
        portal_id: portal.id,
        course_id: assignment.course_id,
        learning_object_id: assignment.id,
        account_id: accountId,
        status: 'draft',
        text: '',
        file_id: null,
        grade: null,
        feedback: null,
        reviewer_id: null,
        submitted_at: null,
        reviewed_at: null,
        created_at: now,
        updated_at: now,
        ...changes,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('answer_members')
      .values({
        portal_id: portal.id,
        answer_id: answer.id,
        account_id: accountId,
        learning_object_id: assignment.id,
      })
      .execute();
  }
  if (input.member_ids !== undefined && answer.account_id === accountId) {
    await inviteMembers(trx, portal, assignment, answer, input.member_ids);
  }
  return answer;
}

/**
 * The author's chosen classmates: those left out leave the answer (or their invitation is withdrawn);
 * those new to it are invited and notified. They join only once they accept. A declined invitation
 * stays declined while the author keeps the classmate in the list, so it is not sent again.
 */
async function inviteMembers(
  trx: Executor,
  portal: PortalContext,
  assignment: LearningObjectRow,
  answer: AnswerRow,
  memberIds: number[],
): Promise<void> {
  const wanted = [...new Set(memberIds)].filter((id) => id !== answer.account_id);
  let leaving = trx
    .deleteFrom('answer_members')
    .where('answer_id', '=', answer.id)
    .where('account_id', '!=', answer.account_id);
  let withdrawn = trx.deleteFrom('answer_invitations').where('answer_id', '=', answer.id);
  if (wanted.length > 0) {
    leaving = leaving.where('account_id', 'not in', wanted);
    withdrawn = withdrawn.where('account_id', 'not in', wanted);
  }
  await leaving.execute();
  await withdrawn.execute();
  if (wanted.length === 0) return;
  const [members, invitations] = await Promise.all([
    membersOf(trx, [answer.id]),
    invitationsOf(trx, [answer.id]),
  ]);
  const known = new Set([
    ...(members.get(answer.id) ?? []),
    ...(invitations.get(answer.id) ?? []).map((invitation) => invitation.account_id),
  ]);
  const invited = wanted.filter((id) => !known.has(id));
  if (invited.length === 0) return;
  await trx
    .insertInto('answer_invitations')
    .values(
      invited.map((id) => ({
        portal_id: portal.id,
        answer_id: answer.id,
        account_id: id,
        learning_object_id: assignment.id,
        state: 'invited' as const,
        updated_at: nowIso(),
      })),
    )
    .execute();
  for (const id of invited) {
    await notify(trx, {
      scope: portal.id,
      accountId: id,
      key: 'answer_invitation',
      params: { title: assignment.title },
      link: courseLink(assignment.course_id, assignment.id),
    });
  }
}

/**
 * The invitee's answer to an invitation. Accepting makes the group answer theirs, as a member;
 * declining keeps the invitation as declined, so the author sees it. Only a pending invitation is
 * answered (404 otherwise); accepting again once a member changes nothing.
 */
export async function respondToInvitation(
  db: Kysely<Database>,
  portal: PortalContext,
  answer: AnswerRow,
  accountId: number,
  decision: AnswerInvitationDecision,
): Promise<AnswerRow> {
  return db.transaction().execute(async (trx) => {
    await locks.answer(trx, answer.learning_object_id, accountId);
    const [invitation, own] = await Promise.all([
      trx
        .selectFrom('answer_invitations')
        .select('state')
        .where('portal_id', '=', portal.id)
        .where('answer_id', '=', answer.id)
        .where('account_id', '=', accountId)
        .where('state', '=', 'invited')
        .executeTakeFirst(),
      answerOf(trx, portal.id, answer.learning_object_id, accountId),
    ]);
    // Accepted already (by a request running at the same moment): nothing more to do.
    const accepted = own?.id === answer.id && answer.account_id !== accountId;
    if (accepted && decision === 'accept') return findAnswer(trx, portal.id, answer.id);
    if (!invitation) throw new NotFound('answer invitation');
    if (decision === 'decline') {
      await trx
        .updateTable('answer_invitations')
        .set({ state: 'declined', updated_at: nowIso() })
        .where('answer_id', '=', answer.id)
        .where('account_id', '=', accountId)
        .execute();
      return findAnswer(trx, portal.id, answer.id);
    }
    if (own) {
      throw new Conflict({
        code: 'ANSWER_EXISTS',
        title: 'You already have an answer',
        detail: 'You already have an answer for this assignment; you cannot join another one.',
      });
    }
    if (answer.status === 'approved') {
      throw new Conflict({
        code: 'ANSWER_REVIEWED',
        title: 'Answer already approved',
        detail: 'This group answer has already been approved; it takes no new members.',
      });
    }
    await trx
      .insertInto('answer_members')
      .values({
        portal_id: portal.id,
        answer_id: answer.id,
        account_id: accountId,
        learning_object_id: answer.learning_object_id,
      })
      .onConflict((conflict) => conflict.columns(['learning_object_id', 'account_id']).doNothing())
      .execute();
    await trx
      .deleteFrom('answer_invitations')
      .where('answer_id', '=', answer.id)
      .where('account_id', '=', accountId)
      .execute();
    return findAnswer(trx, portal.id, answer.id);
  });
}

const notEditable = () =>
  new Conflict({
    code: 'ANSWER_SUBMITTED',
    title: 'Answer handed in',
    detail: 'This answer has been handed in; it can change again if your coach asks for a revision.',
  });

/** Saves a draft (autosave): the text, the file and, for group assignments, the members. */
export async function saveDraft(
  db: Kysely<Database>,
  portal: PortalContext,
  assignment: LearningObjectRow,
  accountId: number,
  input: DraftInput,
  pointer: (attribute: string) => string,
): Promise<AnswerRow> {
  return db.transaction().execute(async (trx) => {
    await locks.answer(trx, assignment.id, accountId);
    const existing = await answerOf(trx, portal.id, assignment.id, accountId);
    if (existing && !EDITABLE_STATUSES.includes(existing.status)) throw notEditable();
    await checkDraft(trx, portal, assignment, accountId, existing, input, pointer);
    return writeDraft(trx, portal, assignment, accountId, existing, input);
  });
}

/**
 * Hands an answer in (saving what is sent with it first), after checking it has what the assignment
 * asks for: text, a file, or both. When something is missing the draft stays saved and the answer is a
 * 422 pointing at what is missing: nothing the student wrote is lost.
 */
export async function submitAnswer(
  db: Kysely<Database>,
  portal: PortalContext,
  assignment: LearningObjectRow,
  enrollment: Parameters<typeof recordProgress>[1],
  accountId: number,
  input: DraftInput,
  pointer: (attribute: string) => string,
): Promise<AnswerRow> {
  const outcome = await db.transaction().execute(async (trx) => {
    await locks.answer(trx, assignment.id, accountId);
    const existing = await answerOf(trx, portal.id, assignment.id, accountId);
    if (existing && !EDITABLE_STATUSES.includes(existing.status)) throw notEditable();
    await checkDraft(trx, portal, assignment, accountId, existing, input, pointer);
    const answer = await writeDraft(trx, portal, assignment, accountId, existing, input);
    const { answer_type: answerType } = assignmentSettings(assignment.settings);
    const problems: Array<{ pointer: string; detail: string; code: string }> = [];
    if (answerType !== 'file' && !hasText(answer.text))
      problems.push({
        pointer: pointer('text'),
        code: 'ANSWER_TEXT_REQUIRED',
        detail: 'Write your answer before handing it in.',
      });
    if (answerType !== 'text' && !answer.file_id)
      problems.push({
        pointer: pointer('file'),
        code: 'ANSWER_FILE_REQUIRED',
        detail: 'Add your file before handing it in.',
      });
    if (problems.length > 0) return { problems, answer: null };
    const now = nowIso();
    await trx
      .updateTable('answers')
      .set({ status: 'submitted', submitted_at: now, updated_at: now })
      .where('id', '=', answer.id)
      .execute();
    await moveAnswerWeek(trx, portal.id, answer.account_id, 'submissions', answer.submitted_at, now);
    await recordProgress(trx, enrollment, assignment.id, {});
    await notifyCoaches(trx, portal.id, answer.id, accountId, assignment.title);
    return { problems: null, answer: await findAnswer(trx, portal.id, answer.id) };
  });
  if (outcome.problems) throw new Invalid(outcome.problems);
  return outcome.answer;
}

/**
 * A coach's review: grade, feedback and outcome. Approval completes the assignment for every member
 * (and their course when it was the last required object); every member is notified. One transaction.
 */
export async function reviewAnswer(
  db: Kysely<Database>,
  portal: PortalContext,
  answer: AnswerRow,
  /** The answer's members, as read when it was found (a review does not change them). */
  members: readonly number[],
  reviewerId: number,
  review: {
    outcome: AnswerReviewOutcome;
    grade?: number | null | undefined;
    feedback?: string | null | undefined;
  },
): Promise<AnswerRow> {
  return db.transaction().execute(async (trx) => {
    const current = await findAnswer(trx, portal.id, answer.id);
    if (current.status !== 'submitted') {
      throw new Conflict({
        code: 'ANSWER_NOT_SUBMITTED',
        title: 'Nothing to review',
        detail: 'Only handed-in answers are reviewed.',
      });
    }
    const now = nowIso();
    await trx
      .updateTable('answers')
      .set({
        status: review.outcome,
        grade: review.grade ?? null,
        feedback: review.feedback ?? null,
        reviewer_id: reviewerId,
        reviewed_at: now,
        updated_at: now,
      })
      .where('id', '=', current.id)
      .execute();
    await moveAnswerWeek(trx, portal.id, current.account_id, 'reviews', current.reviewed_at, now);
    const [course, assignment] = await Promise.all([
      trx.selectFrom('courses').selectAll().where('id', '=', current.course_id).executeTakeFirstOrThrow(),
      trx
        .selectFrom('learning_objects')
        .selectAll()
        .where('id', '=', current.learning_object_id)
        .executeTakeFirstOrThrow(),
    ]);
    for (const accountId of members) {
      await notifyMember(trx, portal, course, assignment, accountId, review.outcome);
    }
    return findAnswer(trx, portal.id, current.id);
  });
}

/**
 * Who reviews a handed-in answer: the primary coaches of its members, else (no member has one)
 * every coach of the portal, as every coach of a portal reviews every course's answers.
 */
export async function coachesOf(trx: Executor, scope: PortalScope, accountIds: number[]): Promise<number[]> {
  const primary = await trx
    .selectFrom('accounts')
    .select('primary_coach_id')
    .where('portal_id', '=', scope)
    .where('id', 'in', accountIds)
    .where('primary_coach_id', 'is not', null)
    .execute();
  const coaches = [...new Set(primary.map((row) => row.primary_coach_id!))];
  if (coaches.length > 0) return coaches;
  const everyone = await coachAccounts(trx, scope).select('accounts.id').orderBy('accounts.id').execute();
  return everyone.map((row) => row.id).filter((id) => !accountIds.includes(id));
}

/** Tells the answer's coaches that it waits for their review (SPEC §7), linking to the review page. */
async function notifyCoaches(
  trx: Executor,
  scope: PortalScope,
  answerId: number,
  authorId: number,
  title: string,
): Promise<void> {
  const members = (await membersOf(trx, [answerId])).get(answerId) ?? [authorId];
  const author = await trx
    .selectFrom('accounts')
    .select('full_name')
    .where('id', '=', authorId)
    .executeTakeFirst();
  for (const coachId of await coachesOf(trx, scope, members.length > 0 ? members : [authorId])) {
    await notify(trx, {
      scope,
      accountId: coachId,
      key: 'answer_submitted',
      params: { student: author?.full_name ?? '', title },
      link: `/coach/courses/answers/${answerId}`,
    });
  }
}

async function notifyMember(
  trx: Executor,
  portal: PortalContext,
  course: CourseRow,
  assignment: LearningObjectRow,
  accountId: number,
  outcome: AnswerReviewOutcome,
): Promise<void> {
  if (outcome === 'approved') {
    const enrollment = await findEnrollment(trx, portal.id, course.id, accountId);
    if (enrollment) {
      await recordProgress(trx, enrollment, assignment.id, { status: 'completed', byStudent: false });
      await completeEnrollmentIfDone(trx, portal, enrollment.id);
    }
  }
  await notify(trx, {
    scope: portal.id,
    accountId,
    key: outcome === 'approved' ? 'answer_approved' : 'answer_revision_requested',
    params: { title: assignment.title },
    link: courseLink(course.id, assignment.id),
  });
}

export type AnswerSort = SortOrder<'submitted_at' | 'updated_at' | 'created_at'>;

/** Answers that have one of `accountIds` among their members. */
const withMemberIn = (accountIds: number[]) => (eb: ExpressionBuilder<Database, 'answers'>) =>
  eb.exists(
    eb
      .selectFrom('answer_members')
      .select('answer_members.answer_id')
      .whereRef('answer_members.answer_id', '=', 'answers.id')
      .where('answer_members.account_id', 'in', accountIds),
  );

/**
 * Answers of the portal: a reviewer's are every handed-in one, a student's those they are a member
 * of; each `sort` key, then the oldest first.
 */
export function listAnswers(
  db: Executor,
  scope: PortalScope,
  reader: { accountId: number; reviewer: boolean },
  filters: { statuses?: string[]; courseIds?: number[]; learningObjectIds?: number[]; accountIds?: number[] },
  sort: AnswerSort[],
  page: PageRequest,
) {
  let filtered = db.selectFrom('answers').where('answers.portal_id', '=', scope);
  filtered = reader.reviewer
    ? filtered.where('answers.status', '!=', 'draft')
    : filtered.where(withMemberIn([reader.accountId]));
  if (filters.statuses) filtered = filtered.where('answers.status', 'in', filters.statuses);
  if (filters.courseIds) filtered = filtered.where('answers.course_id', 'in', filters.courseIds);
  if (filters.learningObjectIds)
    filtered = filtered.where('answers.learning_object_id', 'in', filters.learningObjectIds);
  if (filters.accountIds) filtered = filtered.where(withMemberIn(filters.accountIds));
  let rows = filtered.selectAll('answers');
  for (const order of sort) rows = rows.orderBy(`answers.${order.key}`, order.direction);
  return pagedList(filtered, rows.orderBy('answers.id', 'asc'), page);
}
