import { useId } from 'react';
import { Button } from '../../../components/button';
import { useTranslation } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toasts/toasts';

/** A secret shown once, with a copy button. */
export function OnceSecret({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
      role="status"
      data-testid="once-secret"
    >
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
      <p className="text-sm text-slate-700">{t('settings.integrations.shown_once')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={secret}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
          onFocus={(event) => event.target.select()}
          data-testid="once-secret-value"
        />
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(secret)
              .then(() => showToast({ kind: 'success', message: t('settings.integrations.copied') }))
          }
        >
          {t('settings.integrations.copy')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('settings.integrations.done')}
        </Button>
      </div>
    </div>
  );
}
