/** A failure panel with go back and go home (SPEC §2 "Error block", §8). */
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { Link, useNavigate } from 'react-router';
import { errorDescriptionKey, errorTitleKey, type ErrorKind } from '@leerpad/core';
import { isApiError } from '../lib/api/client';
import { useHomeHref } from '../lib/use-home-href';
import { usePageTitle } from '../lib/use-page-title';
import { Button, buttonClasses } from './button';
import { AlertIcon, LockIcon } from './icons';

export interface ErrorBlockProps {
  kind?: ErrorKind;
  /** Overrides the kind's texts. */
  title?: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
  /** Render the title as the page's h1. */
  asPage?: boolean;
}

export function errorKindOf(error: unknown): ErrorKind {
  return isApiError(error) ? error.kind : 'other';
}

export function ErrorBlock({ kind = 'other', title, description, onRetry, asPage = true }: ErrorBlockProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useHomeHref();
  const Heading = asPage ? 'h1' : 'h2';
  const Icon = kind === 'forbidden' || kind === 'unauthorized' ? LockIcon : AlertIcon;
  const titleText = typeof title === 'string' ? title : t(errorTitleKey(kind));
  usePageTitle(asPage ? titleText : undefined);
  // The first page of a tab has nothing to go back to: go home instead.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(home);
  };

  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center"
      data-error-kind={kind}
      aria-labelledby="error-block-title"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-text">
        <Icon size={28} />
      </span>
      <Heading id="error-block-title" className="text-2xl font-semibold text-slate-900">
        {title ?? t(errorTitleKey(kind))}
      </Heading>
      <p className="text-slate-600">{description ?? t(errorDescriptionKey(kind))}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={goBack}>
          {t('actions.go_back')}
        </Button>
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
        <Link to={home} className={buttonClasses('primary')}>
          {t('actions.go_home')}
        </Link>
      </div>
    </section>
  );
}
