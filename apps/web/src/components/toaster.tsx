import { useTranslation } from '../lib/i18n/i18n';
import { dismissToast, useToasts, type ToastKind } from '../lib/toasts/toasts';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';

const styles: Record<ToastKind, { box: string; icon: string }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: 'text-emerald-700' },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'text-red-700' },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: 'text-amber-700' },
  info: { box: 'border-slate-200 bg-white text-slate-900', icon: 'text-primary-text' },
};

/** Where toasts appear; errors are announced assertively, the rest politely. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
      aria-label={t('toasts.region')}
      role="region"
    >
      {toasts.map((toast) => {
        const style = styles[toast.kind];
        const Icon = toast.kind === 'success' ? CheckIcon : toast.kind === 'info' ? InfoIcon : AlertIcon;
        return (
          <div
            key={toast.id}
            role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}
            data-toast={toast.kind}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg transition-opacity duration-200 ${
              style.box
            } ${toast.visible ? 'animate-fade-in opacity-100' : 'opacity-0'}`}
          >
            <Icon className={`mt-0.5 shrink-0 ${style.icon}`} />
            <p className="flex-1 text-sm whitespace-pre-line">
              {toast.message ?? (toast.messageKey ? t(toast.messageKey) : '')}
            </p>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
              aria-label={t('actions.dismiss')}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
