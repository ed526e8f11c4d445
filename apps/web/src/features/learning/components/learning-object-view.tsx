/**
 * One learning object in the player: its title and state, the player for its type, "Mark as
 * complete" for the types a student completes themselves, report an issue, previous and next.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { can, isSelfCompleted } from '@leerpad/core';
import { AskCoachForm } from '../../../components/ask-coach-form';
import { ModalFrame } from '../../../components/modal';
import { useSession } from '../../../lib/session/use-session';
import { Button, buttonClasses } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { CheckIcon } from '../../../components/icons';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { useTranslation } from '../../../lib/i18n/i18n';
import { focusAndKeep } from '../../../lib/page-focus';
import { openModal } from '../../../lib/modals/modals';
import { useRefusalToast } from '../../../lib/toasts/refusal-toast';
import {
  type LearningObject,
  learningObjectQuery,
  type OutlineObject,
} from '../../../lib/resources/learning-objects';
import type { ObjectProgress } from '../../../lib/resources/courses';
import { useRecordProgress } from '../../../lib/resources/progress';
import { formatDuration } from '../format';
import { AssignmentPlayer } from './assignment-player';
import { progressStatusOf } from './course-outline-nav';
import { FilePlayer } from './file-player';
import { HtmlContent } from '../../../components/html-content';
import { LearningObjectTypeIcon } from '../../../components/learning-object-icons';
import { FlagIcon } from './learning-icons';
import { QuizPlayer } from './quiz-player';
import { ReportIssueModal } from './report-issue-modal';
import { ScormPlayer } from './scorm-player';
import { Cmi5Player } from './cmi5-player';
import { LtiPlayer } from './lti-player';
import { VideoPlayer } from './video-player';

function TypePlayer({
  courseId,
  learningObject,
  progress,
}: {
  courseId: string;
  learningObject: LearningObject;
  progress: ObjectProgress | undefined;
}) {
  switch (learningObject.kind) {
    case 'video':
      return <VideoPlayer courseId={courseId} learningObject={learningObject} progress={progress} />;
    case 'file':
      return <FilePlayer learningObject={learningObject} />;
    case 'quiz':
      return <QuizPlayer courseId={courseId} learningObject={learningObject} />;
    case 'assignment':
      return <AssignmentPlayer courseId={courseId} learningObject={learningObject} />;
    case 'scorm':
      return <ScormPlayer courseId={courseId} learningObject={learningObject} />;
    case 'cmi5':
      return <Cmi5Player courseId={courseId} learningObject={learningObject} />;
    case 'lti':
      return <LtiPlayer courseId={courseId} learningObject={learningObject} />;
    default:
      return null;
  }
}

export function LearningObjectView({
  courseId,
  outlineObject,
  progress,
  previousId,
  nextId,
  focusTitle = false,
}: {
  focusTitle?: boolean;
  courseId: string;
  outlineObject: OutlineObject;
  progress: ObjectProgress | undefined;
  previousId: string | null;
  nextId: string | null;
}) {
  const { t } = useTranslation();
  const { me, features } = useSession();
  const learningObject = useQuery(learningObjectQuery(outlineObject.id));
  useRefusalToast(learningObject.error);
  const recordProgress = useRecordProgress(courseId);
  const status = progressStatusOf(progress);
  const duration = formatDuration(outlineObject.estimatedMinutes, t);
  const selfCompleted = isSelfCompleted(outlineObject.kind);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Moving to another object (previous, next, the outline) puts the keyboard at its title.
  useEffect(() => {
    if (focusTitle && headingRef.current) return focusAndKeep(headingRef.current);
  }, [focusTitle]);

  const reportIssue = () =>
    openModal({
      id: 'report-content-issue',
      render: (close) => (
        <ReportIssueModal learningObjectId={outlineObject.id} title={outlineObject.title} onClose={close} />
      ),
    });

  const askCoach = () =>
    openModal({
      id: 'ask-coach',
      render: (close) => (
        <ModalFrame
          title={t('learning.ask_coach_about_object')}
          description={outlineObject.title}
          onClose={close}
        >
          <AskCoachForm learningObjectId={outlineObject.id} onDone={close} />
        </ModalFrame>
      ),
    });
  const mayAsk = can({ roles: me?.roles ?? [], features }, 'ask:ticket');

  const canComplete = selfCompleted && learningObject.data?.meta?.abilities?.complete !== false;

  return (
    <section
      aria-labelledby="learning-object-title"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="learning-object"
      data-type={outlineObject.kind}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <p className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-primary-text uppercase">
            <LearningObjectTypeIcon type={outlineObject.kind} size={14} />
            {t(`learning.types.${outlineObject.kind}`)}
            {duration && <span className="font-normal text-slate-600 normal-case">· {duration}</span>}
          </p>
          <h2
            id="learning-object-title"
            ref={headingRef}
            tabIndex={-1}
            className="rounded-sm text-xl font-semibold text-slate-900 sm:text-2xl"
          >
            {outlineObject.title}
          </h2>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              status === 'completed'
                ? 'bg-emerald-100 text-emerald-800'
                : status === 'in_progress'
                  ? 'bg-primary-soft text-primary-text'
                  : 'bg-slate-100 text-slate-700'
            }`}
            data-testid="object-status"
          >
            {status === 'completed' && <CheckIcon size={14} />}
            {t(`learning.progress_status.${status}`)}
          </span>
          {mayAsk && (
            <Button variant="ghost" size="sm" onClick={askCoach} data-testid="ask-coach">
              {t('learning.ask_coach_about_object')}
            </Button>
          )}
          {learningObject.data?.meta?.abilities?.reportIssue !== false && (
            <Button variant="ghost" size="sm" onClick={reportIssue} data-testid="report-issue">
              <FlagIcon size={16} />
              {t('learning.report_issue.button')}
            </Button>
          )}
        </div>
      </header>

      <div className="px-5 py-5 sm:px-6">
        {learningObject.isPending ? (
          // Room for the content to come: on a phone the outline sits below, and would otherwise show
          // in the first screen and then be pushed out of it.
          <div className="min-h-[60vh]">
            <Loading />
          </div>
        ) : learningObject.isError ? (
          <ErrorBlock
            kind={errorKindOf(learningObject.error)}
            asPage={false}
            onRetry={() => void learningObject.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-5">
            <HtmlContent html={learningObject.data.body} />
            <TypePlayer courseId={courseId} learningObject={learningObject.data} progress={progress} />
          </div>
        )}
      </div>

      {/* The footer waits for the content, so that it does not jump down when the content arrives. */}
      {!learningObject.isPending && canComplete && (
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 px-5 py-4 sm:px-6">
          {status === 'completed' ? (
            <>
              <p className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800">
                <CheckIcon size={16} />
                {t('learning.player.marked_complete')}
              </p>
              {outlineObject.kind === 'page' && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    recordProgress.mutate({ learningObjectId: outlineObject.id, completed: false })
                  }
                  loading={recordProgress.isPending}
                >
                  {t('learning.player.mark_incomplete')}
                </Button>
              )}
            </>
          ) : (
            <Button
              onClick={() => recordProgress.mutate({ learningObjectId: outlineObject.id, completed: true })}
              loading={recordProgress.isPending}
              data-testid="mark-complete"
            >
              <CheckIcon size={16} />
              {t('learning.player.mark_complete')}
            </Button>
          )}
        </div>
      )}

      <nav
        hidden={learningObject.isPending}
        aria-label={t('learning.player.neighbours')}
        className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-4 sm:px-6"
      >
        {previousId ? (
          <Link
            to={`/courses/${courseId}?learning_object=${previousId}`}
            className={buttonClasses('secondary')}
            rel="prev"
          >
            <ChevronLeftIcon size={16} />
            {t('learning.player.previous')}
          </Link>
        ) : (
          <span />
        )}
        {nextId && (
          <Link
            to={`/courses/${courseId}?learning_object=${nextId}`}
            className={buttonClasses(status === 'completed' ? 'primary' : 'secondary')}
            rel="next"
          >
            {t('learning.player.next')}
            <ChevronRightIcon size={16} />
          </Link>
        )}
      </nav>
    </section>
  );
}
