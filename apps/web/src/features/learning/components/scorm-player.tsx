/**
 * A SCORM package in the course player: a table of contents of its SCOs (state and score; choice
 * between them unless a 2004 package turns choice off; 1.2 prerequisites lock a SCO until met),
 * previous and next SCO, and the SCO itself in a sandboxed frame. The runtime data is saved on
 * every commit without holding the page, and once more as the page goes away.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ScormScoState } from '@leerpad/core';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { CheckIcon } from '../../../components/icons';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import {
  launchSco,
  refreshAfterScormSave,
  saveScormAttempt,
  saveScormAttemptOnExit,
  scormAttemptsQuery,
  scormPackageQuery,
  type ScormAttempt,
  type ScormLaunch,
  type ScormPackage,
} from '../../../lib/resources/scorm';
import { showToast } from '../../../lib/toasts/toasts';
import { startRuntime, type ScormRuntime } from '../scorm-runtime';

const DONE: ReadonlySet<ScormScoState> = new Set(['completed', 'passed']);

/** Item identifiers a 1.2 prerequisite names (`a & b`, `a | b`, …): all must be done (the strict reading). */
const prerequisiteIds = (expression: string | null) =>
  (expression ?? '').split(/[^A-Za-z0-9_.-]+/).filter((token) => token && !/^(and|or|not)$/i.test(token));

/** Where a learner starts: the SCO they last worked on and did not finish, else the first not done. */
function firstSco(pkg: ScormPackage, attempts: ScormAttempt[]): string | null {
  const byId = new Map(attempts.map((attempt) => [attempt.scoIdentifier, attempt]));
  const open = [...attempts]
    .filter((attempt) => !DONE.has(attempt.state) && attempt.state !== 'not_attempted')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  if (open && pkg.scos.some((sco) => sco.identifier === open.scoIdentifier)) return open.scoIdentifier;
  const notDone = pkg.scos.find((sco) => !DONE.has(byId.get(sco.identifier)?.state ?? 'not_attempted'));
  return (notDone ?? pkg.scos[0])?.identifier ?? null;
}

/** Saves one attempt's cmi: one request at a time, the latest cmi after it, nothing lost meanwhile. */
function useAttemptSaver(objectId: string, courseId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const failed = useRef(() => {});
  failed.current = () => showToast({ kind: 'error', message: t('learning.scorm.saving_failed') });
  const state = useRef<{ busy: boolean; next: { id: string; cmi: Record<string, unknown> } | null }>({
    busy: false,
    next: null,
  });
  // One function for the player's whole life: the runtime keeps it from launch to the last save.
  return useMemo(() => {
    const run = async () => {
      if (state.current.busy) return;
      state.current.busy = true;
      try {
        // A commit that arrives while the lists refresh is sent after them.
        while (state.current.next) {
          while (state.current.next) {
            const { id, cmi } = state.current.next;
            state.current.next = null;
            try {
              await saveScormAttempt(id, cmi);
            } catch (failure) {
              if (!isApiError(failure) || failure.status >= 500) failed.current();
            }
          }
          await refreshAfterScormSave(queryClient, objectId, courseId);
        }
      } finally {
        state.current.busy = false;
      }
    };
    return (id: string, cmi: Record<string, unknown>) => {
      state.current.next = { id, cmi };
      void run();
    };
  }, [courseId, objectId, queryClient]);
}

export function ScormPlayer({
  courseId,
  learningObject,
}: {
  courseId: string;
  learningObject: LearningObject;
}) {
  const { t } = useTranslation();
  const pkg = useQuery(scormPackageQuery(learningObject.id));
  const attempts = useQuery(scormAttemptsQuery(learningObject.id));

  if (pkg.isPending || attempts.isPending) return <Loading />;
  if (pkg.isError) {
    if (isApiError(pkg.error) && pkg.error.status === 404)
      return <p className="text-slate-600">{t('learning.scorm.no_package')}</p>;
    return <ErrorBlock kind={errorKindOf(pkg.error)} asPage={false} onRetry={() => void pkg.refetch()} />;
  }
  if (attempts.isError)
    return (
      <ErrorBlock kind={errorKindOf(attempts.error)} asPage={false} onRetry={() => void attempts.refetch()} />
    );
  return (
    <PackagePlayer
      key={pkg.data.id}
      courseId={courseId}
      learningObject={learningObject}
      pkg={pkg.data}
      attempts={attempts.data}
    />
  );
}

function PackagePlayer({
  courseId,
  learningObject,
  pkg,
  attempts,
}: {
  courseId: string;
  learningObject: LearningObject;
  pkg: ScormPackage;
  attempts: ScormAttempt[];
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string | null>(() => firstSco(pkg, attempts));
  const [launch, setLaunch] = useState<ScormLaunch | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const save = useAttemptSaver(learningObject.id, courseId);
  const byId = new Map(attempts.map((attempt) => [attempt.scoIdentifier, attempt]));
  const stateOf = (identifier: string): ScormScoState => byId.get(identifier)?.state ?? 'not_attempted';
  const choice = pkg.sequencing?.choice !== false;
  const index = pkg.scos.findIndex((sco) => sco.identifier === current);
  const locked = (identifier: string) => {
    const sco = pkg.scos.find((entry) => entry.identifier === identifier);
    return prerequisiteIds(sco?.prerequisites ?? null).some((id) => !DONE.has(stateOf(id)));
  };

  // One runtime per SCO launch: started before the frame loads, saved and removed when left.
  useEffect(() => {
    if (!current) return undefined;
    let runtime: ScormRuntime | null = null;
    let stopBridge = () => {};
    let attemptId: string | null = null;
    let cancelled = false;
    const onPageHide = () => {
      if (runtime?.started() && attemptId) saveScormAttemptOnExit(attemptId, runtime.cmi());
    };
    void (async () => {
      try {
        const started = await launchSco(learningObject.id, current);
        if (cancelled) return;
        attemptId = started.tracked ? (started.scormAttempt?.id ?? null) : null;
        runtime = await startRuntime(started.version, started.cmi, (cmi) => {
          if (attemptId) save(attemptId, cmi);
        });
        if (cancelled) {
          runtime.destroy();
          return;
        }
        if (frame.current) stopBridge = runtime.bridge(frame.current);
        window.addEventListener('pagehide', onPageHide);
        setFailure(null);
        setLaunch(started);
      } catch (error) {
        if (!cancelled) setFailure(error);
      }
    })();
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', onPageHide);
      stopBridge();
      if (runtime?.started() && attemptId) save(attemptId, runtime.cmi());
      runtime?.destroy();
      setLaunch(null);
    };
  }, [current, learningObject.id, save]);

  const go = (identifier: string | undefined) => {
    if (identifier && identifier !== current && !locked(identifier)) setCurrent(identifier);
  };
  const previous = pkg.scos[index - 1];
  const next = pkg.scos[index + 1];
  const frameAttributes = { credentialless: '' } as Record<string, string>;
  const currentTitle = pkg.scos[index]?.title ?? pkg.title;

  return (
    <div className="flex flex-col gap-4" data-testid="scorm-player" data-version={pkg.version}>
      {pkg.scos.length > 1 && (
        <nav aria-label={t('learning.scorm.contents')} className="rounded-xl border border-slate-200 p-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('learning.scorm.contents')}</h3>
          <ol className="flex flex-col gap-1">
            {pkg.scos.map((sco) => {
              const state = stateOf(sco.identifier);
              const score = byId.get(sco.identifier)?.score;
              const isCurrent = sco.identifier === current;
              const isLocked = locked(sco.identifier);
              return (
                <li key={sco.identifier} style={{ paddingInlineStart: `${sco.depth * 1}rem` }}>
                  <button
                    type="button"
                    className={`flex w-full flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 text-start text-sm ${
                      isCurrent
                        ? 'bg-primary-soft font-semibold text-slate-900'
                        : 'text-slate-800 hover:bg-slate-50'
                    } disabled:cursor-not-allowed disabled:text-slate-600`}
                    aria-current={isCurrent ? 'step' : undefined}
                    disabled={(!choice && !isCurrent) || isLocked}
                    onClick={() => go(sco.identifier)}
                    data-testid="scorm-toc-item"
                    data-state={state}
                  >
                    <span className="flex items-center gap-1.5">
                      {DONE.has(state) && <CheckIcon size={14} />}
                      {sco.title}
                    </span>
                    <span className="text-xs font-normal text-slate-700">
                      {isLocked ? t('learning.scorm.locked') : t(`learning.scorm.states.${state}`)}
                      {score !== null && score !== undefined && ` · ${t('learning.scorm.score', { score })}`}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      {launch && !launch.tracked && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('learning.scorm.preview')}
        </p>
      )}
      {failure ? (
        <ErrorBlock kind={errorKindOf(failure)} asPage={false} onRetry={() => setCurrent((value) => value)} />
      ) : (
        <div className="relative">
          {!launch && (
            <div className="absolute inset-0">
              <Loading />
            </div>
          )}
          <iframe
            ref={frame}
            key={current ?? 'none'}
            {...frameAttributes}
            title={t('learning.scorm.frame_title', { title: currentTitle })}
            src={launch?.launchUrl ?? 'about:blank'}
            sandbox="allow-scripts allow-forms allow-popups allow-modals allow-downloads"
            referrerPolicy="no-referrer"
            className="h-[70vh] min-h-96 w-full rounded-xl border border-slate-200 bg-white"
            data-testid="scorm-frame"
          />
        </div>
      )}
      {pkg.scos.length > 1 && (
        <div className="flex items-center justify-between gap-3">
          {previous ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => go(previous.identifier)}
              disabled={locked(previous.identifier)}
            >
              <ChevronLeftIcon size={16} />
              {t('learning.scorm.previous_sco')}
            </Button>
          ) : (
            <span />
          )}
          {next && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => go(next.identifier)}
              disabled={locked(next.identifier)}
            >
              {t('learning.scorm.next_sco')}
              <ChevronRightIcon size={16} />
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
