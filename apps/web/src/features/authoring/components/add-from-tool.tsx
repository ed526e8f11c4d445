/**
 * "Add from tool" in a section of the course editor (LTI Deep Linking, decision 070): the author
 * picks a tool, its picker opens in a new window, and what they choose there comes back as LTI
 * learning objects at the end of the section. The outline is read again while they choose.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/i18n';
import { courseKeys } from '../../../lib/resources/course-keys';
import { launchAddress, launchLtiDeepLinking, ltiToolsQuery } from '../../../lib/resources/lti';
import { showToast } from '../../../lib/toasts/toasts';

/** How often the outline is read while the tool's window is open, and for how long at most. */
const WAITING_REFRESH_MS = 3000;
const WAITING_LIMIT_MS = 15 * 60_000;

export function AddFromTool({
  courseId,
  sectionId,
  sectionTitle,
}: {
  courseId: string;
  sectionId: string;
  sectionTitle: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const tools = useQuery(ltiToolsQuery);
  const [open, setOpen] = useState(false);
  const [tool, setTool] = useState('');
  const [waiting, setWaiting] = useState(false);
  const choices = (tools.data ?? []).filter(
    (candidate) => candidate.status === 'active' && candidate.services.includes('deep_linking'),
  );

  // While the tool's window is open the outline is read again every few seconds and on coming
  // back, so what the author chose there shows here without a reload.
  useEffect(() => {
    if (!waiting) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: courseKeys.one(courseId) });
    window.addEventListener('focus', refresh);
    const timer = setInterval(refresh, WAITING_REFRESH_MS);
    const stop = setTimeout(() => clearInterval(timer), WAITING_LIMIT_MS);
    return () => {
      window.removeEventListener('focus', refresh);
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [waiting, queryClient, courseId]);

  if (choices.length === 0) return null;
  const chosen = tool || choices[0]!.id;

  const start = async () => {
    const opened = window.open('about:blank', '_blank');
    try {
      const launch = await launchLtiDeepLinking(sectionId, chosen);
      if (opened) opened.location.href = launchAddress(launch);
      setWaiting(true);
    } catch (failure) {
      opened?.close();
      showToast({
        kind: 'error',
        message: isApiError(failure) ? failure.message : t('authoring.lti.open_failed'),
      });
    }
  };

  if (!open)
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} data-testid="add-from-tool">
        {t('authoring.lti.add_from_tool')}
        <span className="sr-only">{t('authoring.outline.to_section', { section: sectionTitle })}</span>
      </Button>
    );
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="add-from-tool-panel">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-tool`} className="text-sm font-medium text-slate-800">
          {t('authoring.lti.tool')}
        </label>
        <select
          id={`${id}-tool`}
          value={chosen}
          onChange={(event) => setTool(event.target.value)}
          className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm"
        >
          {choices.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <Button size="sm" onClick={() => void start()}>
        {t('authoring.lti.open_tool')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          setOpen(false);
          setWaiting(false);
        }}
      >
        {t('authoring.actions.cancel')}
      </Button>
      {waiting && (
        <p className="w-full text-sm text-slate-600" role="status">
          {t('authoring.lti.waiting')}
        </p>
      )}
    </div>
  );
}
