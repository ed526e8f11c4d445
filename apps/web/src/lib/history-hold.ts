/**
 * The first say over the browser's back and forward buttons. The router follows a `popstate` with
 * its own listener on `window`; listeners there run in the order they were added, so this one is
 * added when the app boots, before the router mounts. It does nothing until a holder (the
 * unsaved-changes guard) sets itself; the holder may stop the event before the router hears it.
 */
type PopStateHolder = (event: PopStateEvent) => void;

let holder: PopStateHolder | null = null;

/** Sets (or, with null, clears) the one function that hears each `popstate` first. */
export function holdPopState(next: PopStateHolder | null): void {
  holder = next;
}

if (typeof window !== 'undefined') window.addEventListener('popstate', (event) => holder?.(event));
