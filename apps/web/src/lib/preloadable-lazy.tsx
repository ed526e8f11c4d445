/**
 * React.lazy that renders at once when its module is already there: a route loader preloads the
 * module before the first render (app/route-prefetch.ts). React.lazy alone suspends on its first
 * render however fast the module arrives, and React holds back content that replaces a fallback for
 * up to 300 ms: on a warm page that was most of the time to a screen's first content.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';

export type PreloadableComponent<P extends object> = ((props: P) => ReactNode) & {
  /** Loads the module (once); afterwards the component renders without suspending. */
  preload: () => Promise<ComponentType<P>>;
};

export function preloadableLazy<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // A failed load (a network blip) may be tried again by the next render or preload.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
