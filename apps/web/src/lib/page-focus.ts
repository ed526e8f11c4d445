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
/** How the person last moved: a focus the app moves after a key press shows its outline. */
let lastInput: 'keyboard' | 'pointer' | null = null;
let stopWaiting: () => void = () => undefined;

function onKey() {
  personActed = true;
  lastInput = 'keyboard';
}
function onPointer() {
  personActed = true;
  lastInput = 'pointer';
}

function listen() {
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
}

if (typeof document !== 'undefined') listen();

/** For tests: a new visit. */
export function resetPageFocus(): void {
  stopWaiting();
  shownPath = null;
  personActed = false;
  lastInput = null;
}

/**
 * Focuses a target the app chose (a title, a result): with its outline when the person is using the
 * keyboard. A script's focus after the old element vanished would not show it by itself.
 */
export function focusTarget(element: HTMLElement): void {
  // Chromium decides :focus-visible for a script's focus by its own history; the mark is ours.
  if (lastInput === 'keyboard') {
    element.setAttribute('data-keyboard-focus', '');
    // The window losing the focus blurs the element too, but it keeps the page's focus: the mark stays.
    const clear = () => {
      if (document.activeElement === element) element.addEventListener('blur', clear, { once: true });
      else element.removeAttribute('data-keyboard-focus');
    };
    element.addEventListener('blur', clear, { once: true });
  }
  element.focus({ preventScroll: true, focusVisible: lastInput === 'keyboard' } as FocusOptions);
}

/**
 * Focuses a target the app chose and keeps it there while the content around it settles: a part
 * that loads its code or data can hide the target for a moment, which drops the focus to <body>;
 * it comes back once the target shows again. The person's next key or pointer ends the watch.
 */
export function focusAndKeep(element: HTMLElement, settleMs = 5000): () => void {
  focusTarget(element);
  const shown = () => element.isConnected && element.getClientRects().length > 0;
  const refocus = () => {
    const active = document.activeElement;
    if ((active === null || active === document.body) && shown()) focusTarget(element);
  };
  const observer = new MutationObserver(refocus);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  const timer = setTimeout(stop, settleMs);
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  return stop;
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
 * data), unless the focus was taken meanwhile. While the page settles (a loading state that
 * replaces the title) the title gets the focus back if it falls to <body>, until the person presses
 * a key or a pointer. Returns a function that stops.
 */
export function focusPageHeading(first: HTMLElement): () => void {
  const before = document.activeElement;
  // The frame may be drawn anew while the page settles (signed in, the shell arrives): the current one.
  const current = () => (first.isConnected ? first : (document.getElementById('main') ?? first));
  const dropped = () => {
    const active = document.activeElement;
    return active === null || active === document.body || active === current();
  };
  const free = () => dropped() || (document.activeElement === before && !current().contains(before));
  if (!free()) return () => undefined;

  let focused = false;
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  const attempt = () => {
    if (done) return;
    if (!(focused ? dropped() : free())) {
      if (!focused) stop();
      return;
    }
    const heading = pageHeading(current());
    if (!heading) return;
    focused = true;
    focusTarget(heading);
  };
  const observer = new MutationObserver(attempt);
  // A slow page: <main> holds the focus meanwhile, and its title still takes it once shown.
  let timer = setTimeout(() => {
    if (!done && !focused && free() && document.activeElement !== current()) focusTarget(current());
    timer = setTimeout(stop, HEADING_WAIT_MS * 5);
  }, HEADING_WAIT_MS);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
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
    focusTarget(opener);
    if (document.activeElement === opener) return true;
  }
  const main = document.getElementById('main');
  if (!main) return false;
  focusTarget(pageHeading(main) ?? main);
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
