/** A feedback project (SPEC §4): toggles open; upvoting marks it and adds one locally. */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { stripHashtags, type FeedbackProject } from '@leerpad/core';
import { Button } from '../../../components/button';
import { ChevronDownIcon, ThumbUpIcon } from '../../../components/icons-ui';
import { isApiError } from '../../../lib/api/client';
import { showToast } from '../../../lib/toasts/toasts';
import { upvoteProject, type FeedbackNote } from '../../../lib/resources/feedback';
import { FeedbackForm } from './feedback-form';

export function ProjectCard({
  project,
  email,
  note,
}: {
  project: FeedbackProject;
  email: string | null;
  note: Omit<FeedbackNote, 'feedback' | 'projectId'>;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [expanded, setExpanded] = useState(false);
  const [upvoted, setUpvoted] = useState(false);
  const [inlineError, setInlineError] = useState(false);
  const upvote = useMutation({
    mutationFn: () => upvoteProject({ email: email ?? '', projectId: project.id }),
    meta: { errorToast: false },
    onSuccess: () => {
      setUpvoted(true);
      setInlineError(false);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'ALREADY_UPVOTED') {
        setUpvoted(true);
        showToast({ kind: 'error', messageKey: 'modals.feedback.project.result.already_upvoted' });
      } else {
        setInlineError(true);
      }
    },
  });
  const count = project.upvotes + (upvoted && upvote.isSuccess ? 1 : 0);

  return (
    <li className="rounded-xl border border-slate-200 bg-white" data-testid="feedback-project">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((current) => !current)}
      >
        <span className="font-medium text-slate-900">{project.name}</span>
        <span className="flex items-center gap-3 text-sm text-slate-600">
          <span aria-label={t('modals.feedback.project.upvotes', { count })}>
            <ThumbUpIcon size={14} className="mr-1 inline" />
            {count}
          </span>
          <ChevronDownIcon size={16} className={`transition-transform ${expanded ? 'rotate-180' : ''}`} />
        </span>
      </button>
      {expanded && (
        <div id={panelId} className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3">
          <p className="text-sm whitespace-pre-line text-slate-700">
            {stripHashtags(project.description) || t('modals.feedback.project.no_description')}
          </p>
          {email && (
            <>
              <div className="flex items-center gap-3">
                <Button
                  size="sm"
                  variant={upvoted ? 'secondary' : 'primary'}
                  disabled={upvoted}
                  loading={upvote.isPending}
                  onClick={() => upvote.mutate()}
                  aria-pressed={upvoted}
                >
                  <ThumbUpIcon size={14} />
                  {upvoted ? t('modals.feedback.project.upvoted') : t('modals.feedback.project.upvote')}
                </Button>
                {inlineError && (
                  <p role="alert" className="text-sm text-red-700">
                    {t('modals.feedback.project.result.error')}
                  </p>
                )}
              </div>
              <FeedbackForm
                note={note}
                projectId={project.id}
                label={t('modals.feedback.project.comment')}
                compact
              />
            </>
          )}
        </div>
      )}
    </li>
  );
}
