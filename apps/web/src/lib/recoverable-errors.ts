/**
 * A render that threw, after which React rendered the whole page again at once and that worked
 * (createRoot's onRecoverableError). The person sees nothing wrong, yet something threw: it is
 * logged in the console and reported to the server, like a page that fails (route-error-boundary).
 * React's own report names only its wrapper, a minified error number in a production build; this
 * one names the cause and the components it was thrown in.
 */
import { reportRenderError } from './resources/client-errors';

export function reportRecoverableError(error: unknown, info: { componentStack?: string }): void {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  console.error(`A render failed and was tried again: ${message}`, cause, info.componentStack ?? '');
  reportRenderError(cause, info.componentStack).catch(() => undefined);
}
