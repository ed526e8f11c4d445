/**
 * Catches what a page throws while rendering (SPEC §8), so one failing page leaves the header and
 * menu working: a friendly panel with retry, and the error reported to the server under an id the
 * person can quote.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../lib/api/client';
import { useTranslation } from '../lib/i18n/i18n';
import { reportRenderError } from '../lib/resources/client-errors';
import { ErrorBlock } from './error-block';

/** Notices that are no failure of ours, and the not-found page, are not reported (SPEC §8). */
export function isReportable(error: unknown): boolean {
  if (isApiError(error)) return error.status !== 404;
  if (error instanceof Response) return false;
  const message = error instanceof Error ? error.message : String(error);
  return !/ResizeObserver loop|change_ua/i.test(message);
}

/** A page chunk that failed to load stays failed in React.lazy: only a reload fetches it again. */
function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

function RouteErrorPanel({ reportId, onRetry }: { reportId: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="route-error">
      <ErrorBlock
        title={t('exceptions.boundary.title')}
        description={
          <>
            {t('exceptions.boundary.description')}
            {reportId && (
              <span className="mt-2 block text-sm text-slate-500" data-testid="route-error-reference">
                {t('exceptions.boundary.reference', { id: reportId })}
              </span>
            )}
          </>
        }
        onRetry={onRetry}
      />
    </div>
  );
}

interface BoundaryProps {
  /** The page's address: moving to another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  reportId: string | null;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, reportId: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true, reportId: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isReportable(error)) return;
    reportRenderError(error, info.componentStack).then(
      (reportId) => {
        if (this.state.error === error) this.setState({ reportId });
      },
      // The report failing must not turn the friendly page into a second failure.
      () => undefined,
    );
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => {
    if (isChunkLoadFailure(this.state.error)) {
      window.location.reload();
      return;
    }
    this.setState({ error: null, failed: false, reportId: null });
  };

  override render() {
    if (this.state.failed) return <RouteErrorPanel reportId={this.state.reportId} onRetry={this.retry} />;
    return this.props.children;
  }
}

/** Wraps one route's element. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
