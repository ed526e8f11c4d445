import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';

/** The card every sign-in screen sits in. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {intro && <p className="mt-2 text-sm text-slate-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export function AuthFooterLinks({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('auth.more_options')} className="mt-6 flex flex-col items-center gap-2 text-sm">
      {children}
    </nav>
  );
}

export const authLinkClasses = 'font-medium text-primary-text underline-offset-4 hover:underline';
