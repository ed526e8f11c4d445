/**
 * The loading indicator (SPEC §4): the message moves through four stages every 12.04 s, the
 * animation plays for the first three, and an offline browser gets a no-connection message.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { LOADING_ANIMATED_STAGES, LOADING_STAGE_COUNT, LOADING_STEP_MS } from '@leerpad/core';
import { useOnline } from '../lib/use-online';
import { AlertIcon, WifiOffIcon } from './icons';

export const LOADING_STAGE_KEYS = [
  'loading.stage_0',
  'loading.stage_1',
  'loading.stage_2',
  'loading.stage_3',
] as const;

export function Loading({ fullPage = false, className = '' }: { fullPage?: boolean; className?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [stage, setStage] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => {
      setStage((current) => Math.min(current + 1, LOADING_STAGE_COUNT - 1));
    }, LOADING_STEP_MS);
    return () => clearInterval(timer);
  }, []);

  const animated = online && stage < LOADING_ANIMATED_STAGES;
  const message = online ? t(LOADING_STAGE_KEYS[stage] ?? 'loading.stage_0') : t('loading.offline');

  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-3 p-8 text-center text-slate-600 ${
        fullPage ? 'min-h-[60vh]' : ''
      } ${className}`}
    >
      {animated ? (
        <span
          data-testid="loading-animation"
          className="size-8 animate-spin-slow rounded-full border-4 border-primary-muted border-t-primary"
          aria-hidden="true"
        />
      ) : online ? (
        <AlertIcon size={28} className="text-amber-600" />
      ) : (
        <WifiOffIcon size={28} className="text-slate-500" />
      )}
      <p className="max-w-sm text-sm">{message}</p>
    </div>
  );
}

/** Before translations exist: a spinner without text, labelled by the page's busy state. */
export function BootSplash() {
  return (
    <div className="flex min-h-screen items-center justify-center" aria-busy="true">
      <span
        className="size-8 animate-spin-slow rounded-full border-4 border-slate-200 border-t-slate-500"
        aria-hidden="true"
      />
    </div>
  );
}
