/**
 * The terms gate: while the newest terms wait for the signed-in account's acceptance, every page
 * of the app shows this instead (no menu, no way around it but accepting or signing out).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { HtmlContent } from '../../../components/html-content';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { useAcceptAgreement, type Agreement } from '../../../lib/resources/agreements';
import { useSessionActions } from '../../../lib/session/session-actions';
import { usePageTitle } from '../../../lib/use-page-title';

export function AgreementGate({ agreement }: { agreement: Agreement }) {
  useNamespace('agreements');
  const { t } = useTranslation();
  usePageTitle(t('agreements.gate.title'));
  const accept = useAcceptAgreement();
  const { signOut } = useSessionActions();
  const [agreed, setAgreed] = useState(false);
  const checkboxId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <main className="min-h-screen bg-slate-50 px-4 py-10" data-testid="agreement-gate">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-slate-600">
          {t('agreements.gate.version', { version: agreement.version })}
        </p>
        <h1 ref={heading} tabIndex={-1} className="mt-1 rounded-sm text-2xl font-semibold text-slate-900">
          {agreement.title}
        </h1>
        <p className="mt-2 text-slate-700">{t('agreements.gate.intro')}</p>
        <div
          className="mt-6 max-h-[50vh] overflow-y-auto rounded-xl border border-slate-200 p-4"
          tabIndex={0}
          role="region"
          aria-label={t('agreements.gate.text_label')}
          lang={agreement.language}
        >
          <HtmlContent html={agreement.body} />
        </div>
        <div className="mt-6 flex items-start gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            className="mt-1 size-4 rounded border-slate-400"
          />
          <label htmlFor={checkboxId} className="text-sm text-slate-800">
            {t('agreements.gate.confirm')}
          </label>
        </div>
        <div className="mt-6 flex flex-wrap justify-between gap-2">
          <Button variant="ghost" onClick={() => void signOut()}>
            {t('agreements.gate.sign_out')}
          </Button>
          <Button
            disabled={!agreed}
            loading={accept.isPending}
            onClick={() => accept.mutate(agreement.id)}
            data-testid="accept-agreement"
          >
            {t('agreements.gate.accept')}
          </Button>
        </div>
      </div>
    </main>
  );
}
