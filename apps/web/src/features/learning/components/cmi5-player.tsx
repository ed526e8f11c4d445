/**
 * A cmi5 course in the course player: its AUs (block nesting, state and score), each started by the
 * learner. The server launches the AU per cmi5 (LaunchData, a launched statement, a one-time fetch
 * URL); the AU then talks to the portal's LRS on its own. An AU hosted in the package plays in a
 * sandboxed frame; one that asks for its own window, or lives at an external address, opens in a
 * new window. While an AU is open its state is read again now and then, so progress shows at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Cmi5AuState } from '@leerpad/core';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { CheckIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  cmi5PackageQuery,
  cmi5StatesQuery,
  launchAu,
  type Cmi5Launch,
  type Cmi5Package,
} from '../../../lib/resources/cmi5';
import { courseKeys } from '../../../lib/resources/course-keys';
import { invalidateProgressLists } from '../../../lib/resources/enrollments';
import type { LearningObject } from '../../../lib/resources/learning-objects';

const POLL_MS = 3000;

export function Cmi5Player({
  courseId,
  learningObject,
}: {
  courseId: string;
  learningObject: LearningObject;
}) {
  const { t } = useTranslation();
  const pkg = useQuery(cmi5PackageQuery(learningObject.id));
  if (pkg.isPending) return <Loading />;
  if (pkg.isError) {
    if (isApiError(pkg.error) && pkg.error.status === 404)
      return <p className="text-slate-600">{t('learning.cmi5.no_course')}</p>;
    return <ErrorBlock kind={errorKindOf(pkg.error)} asPage={false} onRetry={() => void pkg.refetch()} />;
  }
  return <CoursePlayer key={pkg.data.id} courseId={courseId} objectId={learningObject.id} pkg={pkg.data} />;
}

function CoursePlayer({ courseId, objectId, pkg }: { courseId: string; objectId: string; pkg: Cmi5Package }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [launch, setLaunch] = useState<Cmi5Launch | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const states = useQuery({ ...cmi5StatesQuery(objectId), refetchInterval: launch ? POLL_MS : false });
  const byAu = new Map((states.data ?? []).map((row) => [row.auId, row]));
  const stateOf = (auId: string): Cmi5AuState => byAu.get(auId)?.state ?? 'not_attempted';

  // When an AU's state changes, the outline and progress lists read again.
  const signature = (states.data ?? []).map((row) => `${row.auId}:${row.state}:${row.score}`).join('|');
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    invalidateProgressLists(queryClient);
    void queryClient.invalidateQueries({ queryKey: courseKeys.overview(courseId) });
  }, [signature, queryClient, courseId]);

  const start = async (auId: string) => {
    setStarting(auId);
    setFailure(null);
    try {
      const started = await launchAu(objectId, auId);
      setLaunch(started);
      await states.refetch();
    } catch (error) {
      setFailure(error);
    } finally {
      setStarting(null);
    }
  };

  const current = launch ? pkg.aus.find((au) => au.id === launch.auId) : undefined;
  const inWindow = current ? current.launchMethod === 'OwnWindow' || current.external : false;
  const frameAttributes = { credentialless: '' } as Record<string, string>;
  const blocks = new Map(pkg.blocks.map((block) => [block.id, block]));
  const shown = new Set<string>();

  return (
    <div className="flex flex-col gap-4" data-testid="cmi5-player">
      <nav aria-labelledby={`${id}-contents`} className="rounded-xl border border-slate-200 p-3">
        <h3 id={`${id}-contents`} className="mb-2 text-sm font-semibold text-slate-900">
          {t('learning.cmi5.contents')}
        </h3>
        <ol className="flex flex-col gap-1">
          {pkg.aus.map((au) => {
            // A block's heading comes before its first AU.
            const headings = au.blocks.filter((blockId) => !shown.has(blockId));
            headings.forEach((blockId) => shown.add(blockId));
            const state = stateOf(au.id);
            const score = byAu.get(au.id)?.score;
            const isCurrent = launch?.auId === au.id;
            return [
              ...headings.map((blockId) => {
                const block = blocks.get(blockId);
                return (
                  <li
                    key={blockId}
                    style={{ paddingInlineStart: `${0.75 + (block?.depth ?? 0)}rem` }}
                    className="px-3 pt-2 text-xs font-semibold tracking-wide text-slate-700 uppercase"
                  >
                    {block?.title}
                  </li>
                );
              }),
              <li
                key={au.id}
                style={{ paddingInlineStart: `${0.75 + au.depth}rem` }}
                className={`flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${
                  isCurrent ? 'bg-primary-soft' : ''
                }`}
                data-testid="cmi5-au"
                data-state={state}
                aria-current={isCurrent ? 'step' : undefined}
              >
                <span className="flex flex-col">
                  <span className="flex items-center gap-1.5 font-medium text-slate-900">
                    {state === 'satisfied' && <CheckIcon size={14} />}
                    {au.title}
                  </span>
                  <span className="text-xs text-slate-700">
                    {t(`learning.cmi5.states.${state}`)}
                    {score !== null && score !== undefined && ` · ${t('learning.cmi5.score', { score })}`}
                  </span>
                </span>
                <Button
                  variant={isCurrent ? 'primary' : 'secondary'}
                  size="sm"
                  onClick={() => void start(au.id)}
                  disabled={starting !== null}
                  aria-label={`${t('learning.cmi5.start')}: ${au.title}`}
                >
                  {t('learning.cmi5.start')}
                </Button>
              </li>,
            ];
          })}
        </ol>
      </nav>
      {launch && !launch.tracked && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('learning.cmi5.preview')}
        </p>
      )}
      {failure ? (
        <ErrorBlock kind={errorKindOf(failure)} asPage={false} />
      ) : !launch || !current ? (
        <p className="text-sm text-slate-600">{t('learning.cmi5.choose')}</p>
      ) : inWindow ? (
        <div className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
          <p className="text-sm text-slate-700">{t('learning.cmi5.own_window')}</p>
          <a
            href={launch.launchUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-primary underline"
            data-testid="cmi5-open-window"
          >
            {t('learning.cmi5.open_window', { title: current.title })}
          </a>
        </div>
      ) : (
        <iframe
          key={launch.id}
          {...frameAttributes}
          title={t('learning.cmi5.frame_title', { title: current.title })}
          src={launch.launchUrl}
          sandbox="allow-scripts allow-forms allow-popups allow-modals allow-downloads"
          referrerPolicy="no-referrer"
          className="h-[70vh] min-h-96 w-full rounded-xl border border-slate-200 bg-white"
          data-testid="cmi5-frame"
        />
      )}
    </div>
  );
}
