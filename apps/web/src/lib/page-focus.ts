/**
 * Where the keyboard focus goes when the page changes (decision 061). After a route change the
 * focus moves to the new page's h1 (made focusable with tabindex=-1; styles.css outlines it when
 * the keyboard put it there), or to <main> — the skip link's target — when the page has no h1.
 * It does not move:
 * - on the first page of a visit, before the person did anything: the browser's own start stays,
 *   where the first Tab reaches the skip link (and a redirect such as / → /catalog is no move);
 * - when the new page put the focus somewhere in its content itself (a learning object's title),
 *   or a control of the page that survived the change still holds it (an outline, tabs);
 * - when the person moved the focus elsewhere while the page was loading.
 */
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its h1 before the focus settles on <main>. */
const HEADING_WAIT_MS = 10_000;

let shownPath: string | null = null;
let personActed = false;
let stopWaiting: () => void = () => undefined;

function acted() {
  personActed = true;
}

if (typeof document !== 'undefined') {
  document.addEventListener('keydown', acted, { capture: true, once: true });
  document.addEventListener('pointerdown', acted, { capture: true, once: true });
}

/** For tests: a new visit. */
export function resetPageFocus(): void {
  stopWaiting();
  shownPath = null;
  personActed = false;
  document.addEventListener('keydown', acted, { capture: true, once: true });
  document.addEventListener('pointerdown', acted, { capture: true, once: true });
}

/** The page's title, focusable by script (not by Tab). */
function pageHeading(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading || heading.closest('[aria-busy="true"]')) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * Focuses the page's h1 inside `main` once it is there (a page may still be loading its code or
 * data), unless the focus was taken meanwhile. Returns a function that stops waiting.
 */
export function focusPageHeading(main: HTMLElement): () => void {
  const before = document.activeElement;
  const free = () => {
    const active = document.activeElement;
    return (
      active === null ||
      active === document.body ||
      active === main ||
      (active === before && !main.contains(active))
    );
  };
  if (!free()) return () => undefined;

  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const attempt = () => {
    if (done) return;
    if (!free()) return stop();
    const heading = pageHeading(main);
    if (!heading) return;
    stop();
    heading.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(attempt);
  const timer = setTimeout(() => {
    if (!done && free() && document.activeElement !== main) main.focus({ preventScroll: true });
    stop();
  }, HEADING_WAIT_MS);
  observer.observe(main, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
  attempt();
  return stop;
}

/**
 * The page focus rule for a layout whose page content is inside `main`. The wait for a page is
 * ended by the next change, not by an effect's clean-up: a layout that gives way to another (the
 * sign-in page's frame to the signed-in one) must not cancel the move it started.
 */
export function usePageFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const changed = shownPath !== null && shownPath !== pathname;
    shownPath = pathname;
    if (!changed || !personActed || !main.current) return;
    stopWaiting();
    stopWaiting = focusPageHeading(main.current);
  }, [pathname, main]);
}

/**
 * Gives the focus back to what opened a dialog, menu or palette when it closes. When that is gone
 * (a menu item, a row that was deleted), the page's title takes it; when the person moved to
 * another page meanwhile, that page's own focus move decides (returns false).
 */
export function returnFocus(opener: Element | null, openedOn: string): boolean {
  if (window.location.pathname !== openedOn) return false;
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
    opener.focus({ preventScroll: true });
    if (document.activeElement === opener) return true;
  }
  const main = document.getElementById('main');
  if (!main) return false;
  const target = pageHeading(main) ?? main;
  target.focus({ preventScroll: true });
  return true;
}

/**
 * What a dialog should give the focus back to: the focused element, or, when that is an item of a
 * menu (which closes as the dialog opens), the button that opened the menu.
 */
export function focusOpener(): Element | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  const menu = active?.closest('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return active;
}
