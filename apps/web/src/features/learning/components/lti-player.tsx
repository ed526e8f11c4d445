/**
 * An LTI 1.3 tool in the course player (decision 070). "Start" asks the server for a launch and
 * sends the browser to the tool's login address: in a frame when the tool is on https, else (or on
 * request) in a new window. The platform side needs no cookie inside the tool's
 * frame (the launch is bound to a single-use server record). The tool reports the score itself;
 * progress is read again while the tool is open and whenever the learner comes back to this page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import { launchAddress, launchLtiObject, ltiLinkQuery, refreshAfterLti } from '../../../lib/resources/lti';
import { showToast } from '../../../lib/toasts/toasts';

/** How often the progress is read while the tool is open, and for how long at most. */
const PROGRESS_REFRESH_MS = 5000;
const PROGRESS_REFRESH_LIMIT_MS = 30 * 60_000;

export function LtiPlayer({
  courseId,
  learningObject,
}: {
  courseId: string;
  learningObject: LearningObject;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const link = useQuery(ltiLinkQuery(learningObject.id));
  const [frameSrc, setFrameSrc] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [launched, setLaunched] = useState(false);

  // The tool scores in its own time: coming back to this tab reads the progress again, and while
  // the tool is open (in the frame or a window) it is read every few seconds.
  useEffect(() => {
    const refresh = () => void refreshAfterLti(queryClient, courseId);
    window.addEventListener('focus', refresh);
    const timer = launched ? setInterval(refresh, PROGRESS_REFRESH_MS) : undefined;
    const stop = launched ? setTimeout(() => clearInterval(timer), PROGRESS_REFRESH_LIMIT_MS) : undefined;
    return () => {
      window.removeEventListener('focus', refresh);
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [queryClient, courseId, launched]);

  if (link.isPending) return <Loading />;
  if (link.isError) {
    if (isApiError(link.error) && link.error.status === 404)
      return <p className="text-sm text-slate-600">{t('learning.lti.not_linked')}</p>;
    return <ErrorBlock kind={errorKindOf(link.error)} asPage={false} onRetry={() => void link.refetch()} />;
  }

  const start = async (inWindow: boolean) => {
    setStarting(true);
    // A window opened before the request keeps the browser's permission to open it.
    const opened = inWindow ? window.open('about:blank', '_blank') : null;
    try {
      const launch = await launchLtiObject(learningObject.id);
      const address = launchAddress(launch);
      setLaunched(true);
      if (inWindow) {
        if (opened) opened.location.href = address;
        else window.location.href = address;
      } else setFrameSrc(address);
    } catch (failure) {
      opened?.close();
      showToast({
        kind: 'error',
        message: isApiError(failure) ? failure.message : t('learning.lti.launch_failed'),
      });
    } finally {
      setStarting(false);
    }
  };
  // Frames are allowed to https addresses only (the page's Content-Security-Policy): a tool on plain
  // http opens in a window.
  const framed = /^https:/i.test(link.data.url ?? '') || window.location.protocol === 'https:';

  return (
    <div className="flex flex-col gap-3" data-testid="lti-player">
      <p className="text-sm text-slate-700">{t('learning.lti.intro', { tool: link.data.toolName })}</p>
      {link.data.lineItem && (
        <p className="text-sm text-slate-600">
          {t('learning.lti.graded', { maximum: link.data.lineItem.scoreMaximum })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {framed && (
          <Button onClick={() => void start(false)} disabled={starting}>
            {t('learning.lti.start')}
          </Button>
        )}
        <Button
          variant={framed ? 'secondary' : 'primary'}
          onClick={() => void start(true)}
          disabled={starting}
        >
          {t('learning.lti.start_window')}
        </Button>
      </div>
      {frameSrc && (
        <iframe
          title={t('learning.lti.frame_title', { tool: link.data.toolName })}
          src={frameSrc}
          className="h-[70vh] w-full rounded-xl border border-slate-200"
          allow="fullscreen"
        />
      )}
    </div>
  );
}
