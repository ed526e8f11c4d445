/**
 * Group submission: the author of an answer picks classmates enrolled in the same course, who are
 * invited and share the answer (and its review) once they accept. Classmates are found by name; the
 * choice is saved with the answer's autosave. An invitee answers the invitation here too.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { AlertIcon, CloseIcon } from '../../../components/icons';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type Classmate, classmatesQuery } from '../../../lib/resources/courses';
import {
  type Answer,
  type AnswerInvitationState,
  answerInvitationsQuery,
  useRespondToInvitation,
} from '../../../lib/resources/answers';

/** Where a chosen classmate stands: invited, declined, or a member who accepted. */
export type MemberState = AnswerInvitationState | 'accepted';

const STATE_STYLES: Record<MemberState, string> = {
  invited: 'bg-amber-100 text-amber-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
};

/** An answer takes at most this many members besides its author (the server refuses more). */
export const GROUP_MEMBERS_MAX = 20;
const SEARCH_DELAY_MS = 300;

const nameOf = (member: Classmate) => member.fullName ?? member.id;

export function GroupMemberPicker({
  courseId,
  members,
  states = {},
  onChange,
  error,
  disabled = false,
}: {
  courseId: string;
  members: Classmate[];
  /** Each saved member's state, by account id; a classmate chosen but not saved yet has none. */
  states?: Record<string, MemberState>;
  onChange: (members: Classmate[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DELAY_MS);
  const classmates = useQuery(classmatesQuery(courseId, debounced));
  const chosen = new Set(members.map((member) => member.id));
  const full = members.length >= GROUP_MEMBERS_MAX;

  const toggle = (classmate: Classmate, checked: boolean) =>
    onChange(checked ? [...members, classmate] : members.filter((member) => member.id !== classmate.id));

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
      data-testid="group-members"
    >
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {t('learning.group.title')}
        </h3>
        <p className="text-sm text-slate-600">{t('learning.group.hint')}</p>
      </div>
      {members.length > 0 ? (
        <ul
          className="flex flex-wrap gap-2"
          aria-label={t('learning.group.chosen')}
          data-testid="group-chosen"
        >
          {members.map((member) => {
            const state = states[member.id];
            return (
              <li
                key={member.id}
                className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-0.5 pr-1 pl-3 text-sm font-medium text-primary-text"
              >
                {nameOf(member)}
                {state && (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLES[state]}`}
                    data-testid="group-member-state"
                  >
                    {t(`learning.group.state.${state}`)}
                  </span>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 rounded-full px-1.5"
                  disabled={disabled}
                  onClick={() => toggle(member, false)}
                  aria-label={t('learning.group.remove', { name: nameOf(member) })}
                >
                  <CloseIcon size={14} />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{t('learning.group.alone')}</p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
          {t('learning.group.search')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
          disabled={disabled}
          className="block h-10 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
        />
      </div>
      {classmates.isPending ? (
        <p className="text-sm text-slate-600">{t('learning.group.loading')}</p>
      ) : classmates.isError ? (
        <p className="text-sm text-red-700">{t('learning.group.load_failed')}</p>
      ) : classmates.data.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="group-no-classmates">
          {debounced.trim() === ''
            ? t('learning.group.no_classmates')
            : t('learning.group.no_match', { search: debounced.trim() })}
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">{t('learning.group.classmates')}</legend>
          <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto" data-testid="group-classmates">
            {classmates.data.map((classmate) => {
              const checked = chosen.has(classmate.id);
              return (
                <li key={classmate.id}>
                  <label className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={disabled || (!checked && full)}
                      onChange={(event) => toggle(classmate, event.target.checked)}
                      className="size-4 rounded border-slate-400 accent-primary"
                    />
                    {nameOf(classmate)}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {full && (
        <p className="text-sm text-slate-600">{t('learning.group.full', { count: GROUP_MEMBERS_MAX })}</p>
      )}
      {error && (
        <p role="alert" className="flex items-center gap-1 text-sm text-red-700">
          <AlertIcon size={14} className="shrink-0" />
          {error}
        </p>
      )}
    </section>
  );
}

/** Who an answer belongs to, for reading: the author and the other members. */
export function GroupMembersSummary({
  members,
  authorId,
  accountId,
}: {
  members: Classmate[];
  authorId: string | null;
  accountId: string;
}) {
  const { t } = useTranslation();
  if (members.length <= 1) return null;
  const mine = authorId === null || authorId === accountId;
  const author = members.find((member) => member.id === authorId) ?? null;
  const names = members
    .filter((member) => member.id !== (mine ? accountId : authorId))
    .map((member) => (member.id === accountId ? t('learning.group.you') : nameOf(member)))
    .join(', ');
  return (
    <div
      className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800"
      data-testid="group-summary"
    >
      <p>
        {mine
          ? t('learning.group.together_with', { names })
          : t('learning.group.shared_by', {
              name: author ? nameOf(author) : t('learning.group.a_classmate'),
              names,
            })}
      </p>
      {!mine && <p className="mt-1 text-slate-600">{t('learning.group.read_only')}</p>}
    </div>
  );
}

/** The invitations a classmate sent the caller for this assignment, each with Accept / Decline. */
export function GroupInvitations({ learningObjectId }: { learningObjectId: string }) {
  const { t } = useTranslation();
  const invitations = useQuery(answerInvitationsQuery(learningObjectId));
  const respond = useRespondToInvitation(learningObjectId);
  if (!invitations.data || invitations.data.length === 0) return null;
  const authorName = (answer: Answer) =>
    answer.account?.fullName ?? t('learning.group.invitation.a_classmate');
  return (
    <ul className="flex flex-col gap-3" data-testid="group-invitations">
      {invitations.data.map((answer) => (
        <li
          key={answer.id}
          className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-slate-800"
        >
          <p className="font-medium">{t('learning.group.invitation.title', { name: authorName(answer) })}</p>
          <p className="text-slate-700">{t('learning.group.invitation.hint')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={respond.isPending}
              onClick={() => respond.mutate({ answerId: answer.id, decision: 'accept' })}
            >
              {t('learning.group.invitation.accept')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={respond.isPending}
              onClick={() => respond.mutate({ answerId: answer.id, decision: 'decline' })}
            >
              {t('learning.group.invitation.decline')}
            </Button>
          </div>
        </li>
      ))}
      {respond.isError && (
        <li role="alert" className="text-sm text-red-700">
          {t('learning.group.invitation.failed')}
        </li>
      )}
    </ul>
  );
}
