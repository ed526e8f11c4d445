/**
 * Export a whole portal (decision 059): a button that starts the export job, its real progress
 * (polled) and, once written, the zip to download. Shown on the academy settings and on a platform
 * operator's portal page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, buttonClasses } from './button';
import { FormMessage } from './form/fields';
import { formErrorsFrom } from './form/server-errors';
import { Panel } from './panel';
import { formatDateTime } from '../lib/format';
import { useNamespace, useTranslation } from '../lib/i18n/i18n';
import {
  listPortalExports,
  portalExportsKey,
  readPortalExport,
  startPortalExport,
  type PortalExport,
} from '../lib/resources/portal-transfer';

const POLL_MS = 500;

const finished = (item: PortalExport | null | undefined) =>
  item?.status === 'completed' || item?.status === 'failed';

function megabytes(bytes: number | null, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format((bytes ?? 0) / 1024 / 1024);
}

export function PortalExportPanel({ portalId }: { portalId: string }) {
  useNamespace('portal_transfer');
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: portalExportsKey(portalId),
    queryFn: () => listPortalExports(portalId),
    enabled: Boolean(portalId),
  });
  const [current, setCurrent] = useState<PortalExport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const shown = current ?? latest.data?.[0] ?? null;
  const running = shown !== null && !finished(shown);

  useEffect(() => {
    if (!running || !shown) return;
    const timer = window.setTimeout(async () => {
      // A failed look is tried again at the next tick; the job goes on meanwhile.
      const next = await readPortalExport(portalId, shown.id).catch(() => null);
      if (!next) return;
      setCurrent(next);
      if (finished(next)) await queryClient.invalidateQueries({ queryKey: portalExportsKey(portalId) });
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [running, shown, portalId, queryClient]);

  async function start() {
    setProblem(null);
    setStarting(true);
    try {
      setCurrent(await startPortalExport(portalId));
    } catch (error) {
      setProblem(formErrorsFrom(error, [], t('forms.default_error')).general.join(' '));
    } finally {
      setStarting(false);
    }
  }

  return (
    <Panel title={t('portal_transfer.export.title')} testId="portal-export-panel">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{t('portal_transfer.export.description')}</p>
        <div>
          <Button onClick={() => void start()} loading={starting} disabled={running || !portalId}>
            {t('portal_transfer.export.start')}
          </Button>
        </div>
        {problem && <FormMessage kind="error">{problem}</FormMessage>}
        {shown && (
          <div className="flex flex-col gap-2" aria-live="polite">
            {running && (
              <>
                <progress
                  className="h-3 w-full"
                  max={100}
                  value={shown.progress}
                  aria-label={t('portal_transfer.export.progress_label')}
                />
                <p className="text-sm">{t('portal_transfer.export.progress', { percent: shown.progress })}</p>
              </>
            )}
            {shown.status === 'completed' && shown.fileUrl && (
              <p className="flex flex-wrap items-center gap-3 text-sm">
                <span>
                  {t('portal_transfer.export.ready', {
                    date: formatDateTime(shown.finishedAt ?? shown.createdAt, i18n.language),
                    size: megabytes(shown.byteSize, i18n.language),
                  })}
                </span>
                <a className={buttonClasses('secondary', 'sm')} href={shown.fileUrl} download>
                  {t('portal_transfer.export.download')}
                </a>
              </p>
            )}
            {shown.status === 'failed' && (
              <FormMessage kind="error">
                {t('portal_transfer.export.failed', { reason: shown.error ?? '' })}
              </FormMessage>
            )}
          </div>
        )}
      </div>
    </Panel>
  );
}
