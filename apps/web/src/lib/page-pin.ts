/**
 * What the page on screen offers the menu's global pin list (SPEC §3 "Navigation pins": uri, title,
 * image): its title and picture (an account's avatar, a course's cover). A page without one is
 * pinned under its document title, with its first letter for a picture.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface PagePin {
  title: string;
  image?: string | null;
}

let current: PagePin | null = null;
const listeners = new Set<() => void>();

function publish(next: PagePin | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

/** Declares the page's pin while it is shown; undefined title (still loading) declares nothing. */
export function usePagePin(title: string | null | undefined, image?: string | null): void {
  useEffect(() => {
    if (!title) return;
    const pin = { title, image: image ?? null };
    publish(pin);
    return () => {
      if (current === pin) publish(null);
    };
  }, [title, image]);
}

export function useCurrentPagePin(): PagePin | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
