/**
 * The student's own codes on /account/orders: promotions to redeem and referral codes to hand on,
 * each with a copy button (clipboard, then a toast) and a share button (the device's share sheet
 * where there is one, else an e-mail). Unused codes by default; used ones on request.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { CheckboxField } from '../../../components/form/controls';
import { MailIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  subscriptionPromotionsQuery,
  type SubscriptionPromotion,
} from '../../../lib/resources/subscription-promotions';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export function PromotionCodes({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const [showUsed, setShowUsed] = useState(false);
  const codes = useQuery(subscriptionPromotionsQuery(accountId, showUsed ? undefined : false));
  return (
    <section aria-labelledby="my-codes" className="mb-8" data-testid="promotion-codes">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-codes" className="text-lg font-semibold text-slate-900">
          {t('shop.codes.title')}
        </h2>
        <CheckboxField label={t('shop.codes.show_used')} checked={showUsed} onCheckedChange={setShowUsed} />
      </div>
      {codes.isPending ? (
        <Loading />
      ) : codes.isError ? (
        <ErrorBlock kind={errorKindOf(codes.error)} asPage={false} onRetry={() => void codes.refetch()} />
      ) : codes.data.items.length === 0 ? (
        <EmptyState headingLevel={3} title={t('shop.codes.none')} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {codes.data.items.map((code) => (
            <CodeCard key={code.id} code={code} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CodeCard({ code }: { code: SubscriptionPromotion }) {
  const { t } = useTranslation();
  const { portal } = useSession();
  const labelId = useId();
  const portalName = portal?.name ?? '';
  const registerUrl = `${portal?.baseUrl ?? window.location.origin}/auth/login/register`;
  const subject = t(`shop.codes.share_subject.${code.kind}`, { portal: portalName });
  const text = t(`shop.codes.share_text.${code.kind}`, {
    code: code.code,
    description: code.description ?? '',
    portal: portalName,
    url: registerUrl,
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code.code);
      showToast({ kind: 'success', message: t('shop.codes.copied', { code: code.code }) });
    } catch {
      showToast({ kind: 'error', message: t('shop.codes.copy_failed', { code: code.code }) });
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: subject, text });
    } catch (error) {
      // Closing the share sheet is no failure.
      if ((error as { name?: string } | null)?.name !== 'AbortError')
        showToast({ kind: 'error', message: t('shop.codes.share_failed') });
    }
  };

  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="promotion-code"
      data-kind={code.kind}
      data-redeemed={code.redeemed}
      aria-labelledby={labelId}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {t(`shop.codes.kind.${code.kind}`)}
        </span>
        {code.redeemed && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            {t('shop.codes.used')}
          </span>
        )}
      </div>
      <p id={labelId} className="font-mono text-lg font-semibold tracking-wider text-slate-900">
        {code.code}
      </p>
      {code.description && <p className="text-sm text-slate-700">{code.description}</p>}
      {!code.redeemed && (
        <div className="mt-1 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => void copy()}
            aria-label={t('shop.codes.copy', { code: code.code })}
          >
            {t('shop.codes.copy_short')}
          </Button>
          {canShare() ? (
            <Button
              variant="secondary"
              onClick={() => void share()}
              aria-label={t('shop.codes.share', { code: code.code })}
            >
              {t('shop.codes.share_short')}
            </Button>
          ) : (
            <a
              href={`mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`}
              className={buttonClasses('secondary')}
              aria-label={t('shop.codes.share_mail', { code: code.code })}
            >
              <MailIcon size={16} />
              {t('shop.codes.share_short')}
            </a>
          )}
        </div>
      )}
    </li>
  );
}
