/**
 * Assignment: a text answer (small rich-text editor) and/or a file, autosaved as a draft on the
 * server (PUT …/answer, debounced) and in the browser, with a visible saved / saving / not saved
 * state; then submit, and the coach's verdict: submitted, approved or revision requested.
 * On group assignments the author picks classmates, who share the answer and read it only.
 */
import { useQuery } from '@tanstack/react-query';
import { FEATURES, hasFeature } from '@leerpad/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { rowFromPointer } from '../../../components/form/row-errors';
import { fieldFromPointer, formErrorsFrom } from '../../../components/form/server-errors';
import { apiErrorText, firstErrorDetail, isApiError } from '../../../lib/api/client';
import { formatRelativeDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session/use-session';
import { FileUpload } from '../../../components/file-upload';
import type { StoredFile } from '../../../lib/resources/files';
import {
  type Answer,
  type AnswerInput,
  ownAnswerQuery,
  useSaveAnswer,
  useSubmitAnswer,
} from '../../../lib/resources/answers';
import type { Classmate } from '../../../lib/resources/courses';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import { clearDraft, readDraft, writeDraft } from '../answer-drafts';
import { GroupInvitations, GroupMemberPicker, GroupMembersSummary, type MemberState } from './group-members';
import { HtmlContent } from '../../../components/html-content';
import { RichTextEditor } from '../../../components/rich-text-editor';

/** Typing pauses this long before the draft goes to the server. */
export const ANSWER_AUTOSAVE_DELAY_MS = 1000;

type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

const STATUS_STYLES: Record<Answer['status'], string> = {
  draft: 'bg-slate-100 text-slate-800',
  submitted: 'bg-sky-100 text-sky-900',
  approved: 'bg-emerald-100 text-emerald-800',
  revision_requested: 'bg-amber-100 text-amber-900',
};

function SaveStatus({
  state,
  savedAt,
  onRetry,
}: {
  state: SaveState;
  savedAt: string | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" className="flex min-h-7 items-center gap-2 text-sm" data-testid="answer-save-status">
      {state === 'pending' && <span className="text-slate-600">{t('learning.save_status.pending')}</span>}
      {state === 'saving' && <span className="text-slate-600">{t('learning.save_status.saving')}</span>}
      {state === 'saved' && (
        <span className="inline-flex items-center gap-1 text-emerald-800">
          <CheckIcon size={14} />
          {savedAt
            ? t('learning.save_status.saved_at', { when: formatRelativeDate(savedAt, i18n.language) })
            : t('learning.save_status.saved')}
        </span>
      )}
      {state === 'error' && (
        <>
          <span className="inline-flex items-center gap-1 font-medium text-red-700">
            <AlertIcon size={14} />
            {t('learning.save_status.error')}
          </span>
          <Button variant="secondary" size="sm" onClick={onRetry} data-testid="answer-retry">
            {t('actions.retry')}
          </Button>
        </>
      )}
    </div>
  );
}

function Verdict({ answer, takeFocus = false }: { answer: Answer; takeFocus?: boolean }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Handed in just now: the verdict takes the focus the submit button had (it is gone).
  useEffect(() => {
    if (takeFocus) box.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={box} tabIndex={-1} className="flex flex-col gap-2" data-testid="answer-verdict">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[answer.status]}`}
          data-testid="answer-status"
        >
          {t(`learning.answer_status.${answer.status}`)}
        </span>
        {answer.submittedAt && answer.status !== 'draft' && (
          <span>
            {t('learning.assignment.submitted_at', {
              when: formatRelativeDate(answer.submittedAt, i18n.language),
            })}
          </span>
        )}
      </p>
      {answer.status === 'submitted' && (
        <p className="text-sm text-slate-600">{t('learning.assignment.waiting_for_review')}</p>
      )}
      {(answer.status === 'approved' || answer.status === 'revision_requested') && (
        <div
          className={`rounded-xl border px-4 py-3 ${
            answer.status === 'approved' ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'
          }`}
        >
          {answer.grade !== null && answer.grade !== undefined && (
            <p className="font-semibold text-slate-900">
              {t('learning.assignment.grade', { grade: answer.grade })}
            </p>
          )}
          {answer.feedback && (
            <div className="mt-1 text-sm text-slate-800">
              <p className="font-medium">
                {answer.reviewer?.fullName
                  ? t('learning.assignment.feedback_from', { name: answer.reviewer.fullName })
                  : t('learning.assignment.feedback')}
              </p>
              <p className="whitespace-pre-line">{answer.feedback}</p>
            </div>
          )}
          {answer.status === 'revision_requested' && (
            <p className="mt-2 text-sm text-amber-900">{t('learning.assignment.revise_hint')}</p>
          )}
        </div>
      )}
    </div>
  );
}

/** 422 errors at `/member_ids/<i>` name the classmate they are about. */
function memberErrorFrom(error: unknown, sentIds: string[], members: Classmate[]): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const problem = error.errors.find((item) => fieldFromPointer(item.source?.pointer) === 'memberIds');
  if (!problem) return null;
  const detail = apiErrorText(problem) ?? problem.title;
  const row = rowFromPointer(problem.source?.pointer)?.row;
  const member = row === undefined ? undefined : members.find((candidate) => candidate.id === sentIds[row]);
  return member?.fullName ? `${member.fullName}: ${detail}` : detail;
}

function AnswerForm({
  learningObject,
  answer,
  courseId,
  handedIn,
  onHandedIn,
}: {
  learningObject: LearningObject;
  answer: Answer | null;
  courseId: string | null;
  /** Handed in during this visit: the verdict then takes the focus. */
  handedIn: boolean;
  onHandedIn: () => void;
}) {
  const { t } = useTranslation();
  const { me, features } = useSession();
  const accountId = me?.account.id ?? 'anonymous';
  const groupAllowed =
    learningObject.settings?.groupSubmission === true &&
    hasFeature(features, FEATURES.groupAssignments) &&
    courseId !== null;
  const authorId = answer?.account?.id ?? null;
  // Members share the author's answer; only the author writes it and chooses the group.
  const isAuthor = authorId === null || authorId === accountId;
  const id = learningObject.id;
  const answerType = learningObject.settings?.answerType ?? 'text';
  const wantsText = answerType !== 'file';
  const wantsFile = answerType !== 'text';
  const editable = !answer || answer.status === 'draft' || answer.status === 'revision_requested';
  const fieldId = useId();

  // A local draft the server never received wins over the server's copy.
  const [initial] = useState(() => {
    const server = answer?.text ?? '';
    const local = editable ? readDraft(accountId, id) : null;
    return local && !local.synced && local.text !== server
      ? { text: local.text, restored: true }
      : { text: server, restored: false };
  });
  const [text, setText] = useState(initial.text);
  const [file, setFile] = useState<StoredFile | null>(answer?.file ?? null);
  const [saveState, setSaveState] = useState<SaveState>(
    initial.restored ? 'pending' : answer ? 'saved' : 'idle',
  );
  const [savedAt, setSavedAt] = useState<string | null>(answer?.updatedAt ?? null);
  const [errors, setErrors] = useState<{ text?: string; file?: string; form?: string }>({});
  const [uploading, setUploading] = useState(false);
  // The author's group: members who accepted, then classmates invited (or who declined).
  const [members, setMembers] = useState<Classmate[]>(() => [
    ...(answer?.members ?? []).filter((member) => member.id !== accountId),
    ...(answer?.invitations ?? []).map((invitation) => ({
      id: invitation.accountId,
      ...(invitation.fullName ? { fullName: invitation.fullName } : {}),
    })),
  ]);
  const memberStates: Record<string, MemberState> = Object.fromEntries([
    ...(answer?.members ?? []).map((member) => [member.id, 'accepted'] as const),
    ...(answer?.invitations ?? []).map((invitation) => [invitation.accountId, invitation.state] as const),
  ]);
  const [memberError, setMemberError] = useState<string | null>(null);
  const save = useSaveAnswer(id);
  const submit = useSubmitAnswer(id);

  const latest = useRef<AnswerInput>({
    text: initial.text,
    fileId: answer?.file?.id ?? null,
    memberIds: members.map((member) => member.id),
  });
  const dirty = useRef(initial.restored);
  // Members go to the server only when the author changed them; the last accepted group is kept
  // to fall back on when the server refuses a classmate.
  const membersDirty = useRef(false);
  const acceptedMembers = useRef(members);
  const chosenMembers = useRef(members);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const body = (): AnswerInput => ({
    ...(wantsText ? { text: latest.current.text ?? '' } : {}),
    ...(wantsFile ? { fileId: latest.current.fileId ?? null } : {}),
    ...(membersDirty.current ? { memberIds: latest.current.memberIds ?? [] } : {}),
  });

  /** The server refused a classmate: say why, and go back to the group it last accepted. */
  const refuseMembers = (message: string) => {
    setMemberError(message);
    setMembers(acceptedMembers.current);
    chosenMembers.current = acceptedMembers.current;
    latest.current = { ...latest.current, memberIds: acceptedMembers.current.map((member) => member.id) };
  };

  const saveNow = () => {
    clearTimeout(timer.current);
    if (!dirty.current) return;
    if (inFlight.current) {
      timer.current = setTimeout(() => saveRef.current(), ANSWER_AUTOSAVE_DELAY_MS);
      return;
    }
    const sent = body();
    const sentMembers = chosenMembers.current;
    dirty.current = false;
    membersDirty.current = false;
    inFlight.current = true;
    setSaveState('saving');
    save.mutate(sent, {
      onSuccess: (saved) => {
        inFlight.current = false;
        if (sent.memberIds) acceptedMembers.current = sentMembers;
        setSavedAt(saved.updatedAt ?? new Date().toISOString());
        if (dirty.current) {
          setSaveState('pending');
        } else {
          writeDraft(accountId, id, sent.text ?? '', true);
          setSaveState('saved');
        }
      },
      onError: (error) => {
        inFlight.current = false;
        dirty.current = true;
        const refused = sent.memberIds ? memberErrorFrom(error, sent.memberIds, sentMembers) : null;
        if (refused) {
          // The rest of the draft goes again without the refused group.
          refuseMembers(refused);
          setSaveState('pending');
          timer.current = setTimeout(() => saveRef.current(), ANSWER_AUTOSAVE_DELAY_MS);
          return;
        }
        if (sent.memberIds) membersDirty.current = true;
        setSaveState('error');
      },
    });
  };
  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;

  useEffect(() => {
    // A restored draft goes to the server straight away; leaving the object saves what is pending.
    if (dirty.current) saveRef.current();
    return () => {
      clearTimeout(timer.current);
      if (dirty.current && !inFlight.current) saveRef.current();
    };
  }, []);

  const changeText = (html: string) => {
    setText(html);
    latest.current = { ...latest.current, text: html };
    writeDraft(accountId, id, html, false);
    dirty.current = true;
    setErrors((current) => ({ ...current, text: undefined }));
    setSaveState('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => saveRef.current(), ANSWER_AUTOSAVE_DELAY_MS);
  };

  const attachFile = (stored: StoredFile) => {
    setFile(stored);
    setErrors((current) => ({ ...current, file: undefined }));
    latest.current = { ...latest.current, fileId: stored.id };
    dirty.current = true;
    saveRef.current();
  };

  const changeMembers = (next: Classmate[]) => {
    setMembers(next);
    chosenMembers.current = next;
    setMemberError(null);
    latest.current = { ...latest.current, memberIds: next.map((member) => member.id) };
    membersDirty.current = true;
    dirty.current = true;
    saveRef.current();
  };

  const removeFile = () => {
    setFile(null);
    latest.current = { ...latest.current, fileId: null };
    dirty.current = true;
    saveRef.current();
  };

  const submitAnswer = () => {
    clearTimeout(timer.current);
    const sent = body();
    const sentMembers = chosenMembers.current;
    dirty.current = false;
    membersDirty.current = false;
    setErrors({});
    setMemberError(null);
    submit.mutate(sent, {
      onSuccess: () => {
        clearDraft(accountId, id);
        setSaveState('idle');
        onHandedIn();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          // Refused group members show at the member picker, not here.
          const { fields, general } = formErrorsFrom(
            error,
            ['text', 'file', 'memberIds'],
            t('forms.default_error'),
          );
          setErrors({
            text: fields.text,
            file: fields.file,
            form: general.at(-1),
          });
          const refused = sent.memberIds ? memberErrorFrom(error, sent.memberIds, sentMembers) : null;
          if (refused) refuseMembers(refused);
          // The server saved the draft before refusing the submission.
          writeDraft(accountId, id, latest.current.text ?? '', true);
          setSaveState('saved');
        } else {
          dirty.current = true;
          setSaveState('error');
          setErrors({ form: firstErrorDetail(error) ?? t('forms.default_error') });
        }
      },
    });
  };

  if ((!editable || !isAuthor) && answer) {
    return (
      <div className="flex flex-col gap-4">
        <Verdict answer={answer} takeFocus={handedIn} />
        <GroupMembersSummary members={answer.members ?? []} authorId={authorId} accountId={accountId} />
        <section aria-labelledby={`${fieldId}-answer`} className="rounded-xl border border-slate-200 p-4">
          <h3 id={`${fieldId}-answer`} className="mb-2 text-sm font-semibold text-slate-700">
            {t('learning.assignment.your_answer')}
          </h3>
          <HtmlContent html={answer.text} />
          {answer.file && (
            <p className="mt-3 text-sm">
              <a href={answer.file.url} className="font-medium text-primary-text underline">
                {answer.file.name}
              </a>
            </p>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="assignment">
      {answer && answer.status !== 'draft' && <Verdict answer={answer} />}
      {wantsText && (
        <RichTextEditor
          tools="basic"
          value={text}
          onChange={changeText}
          label={t('learning.assignment.your_answer')}
          error={errors.text}
          field="text"
          disabled={submit.isPending}
          footer={<SaveStatus state={saveState} savedAt={savedAt} onRetry={() => saveRef.current()} />}
        />
      )}
      {wantsFile && (
        <div className="flex flex-col gap-1.5">
          <FileUpload
            label={t('learning.assignment.file_label')}
            current={file}
            onUploaded={attachFile}
            onRemove={removeFile}
            error={errors.file}
            field="fileId"
            disabled={submit.isPending}
            onUploadingChange={setUploading}
          />
          {!wantsText && <SaveStatus state={saveState} savedAt={savedAt} onRetry={() => saveRef.current()} />}
        </div>
      )}
      {groupAllowed && courseId && (
        <GroupMemberPicker
          courseId={courseId}
          members={members}
          states={memberStates}
          onChange={changeMembers}
          error={memberError ?? undefined}
          disabled={submit.isPending}
        />
      )}
      {errors.form && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={submitAnswer}
          loading={submit.isPending}
          disabled={uploading}
          data-testid="answer-submit"
        >
          {t('learning.assignment.submit')}
        </Button>
        <p className="text-sm text-slate-600">{t('learning.assignment.submit_hint')}</p>
      </div>
    </div>
  );
}

export function AssignmentPlayer({
  learningObject,
  courseId,
}: {
  learningObject: LearningObject;
  courseId?: string;
}) {
  const answer = useQuery(ownAnswerQuery(learningObject.id));
  const [handedIn, setHandedIn] = useState(false);
  if (answer.isPending) return <Loading />;
  if (answer.isError)
    return (
      <ErrorBlock kind={errorKindOf(answer.error)} asPage={false} onRetry={() => void answer.refetch()} />
    );
  const groupSubmission = learningObject.settings?.groupSubmission === true;
  return (
    <div className="flex flex-col gap-4">
      {groupSubmission && !answer.data && <GroupInvitations learningObjectId={learningObject.id} />}
      <AnswerForm
        key={answer.data?.status ?? 'draft'}
        learningObject={learningObject}
        answer={answer.data}
        courseId={courseId ?? learningObject.course?.id ?? null}
        handedIn={handedIn}
        onHandedIn={() => setHandedIn(true)}
      />
    </div>
  );
}
