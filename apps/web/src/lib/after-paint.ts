/**
 * Work that can wait until the page has been painted (docs/decisions/082): the notification stream,
 * the page view, the unread count behind the bell and the first-visit tour's preference. On a
 * phone's connection they otherwise compete with the page's own code and data for the line, and
 * their answers with its first render for the processor.
 */
import { useEffect, useState } from 'react';

/** A hidden page paints nothing; its deferred work starts after this long instead. */
const HIDDEN_PAGE_DELAY_MS = 1000;

/**
 * Runs `callback` once the browser has shown the next frame; returns a cancel function. A frame's
 * callbacks run before it is painted, and it reaches the screen some time after that: so two frames,
 * then a task of its own.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    callback();
  };
  const fallback = setTimeout(run, HIDDEN_PAGE_DELAY_MS);
  if (typeof requestAnimationFrame === 'function')
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = undefined;
        afterFrame = setTimeout(run, 0);
      });
    });
  function cancel() {
    clearTimeout(fallback);
    clearTimeout(afterFrame);
    if (frame !== undefined) cancelAnimationFrame(frame);
  }
  return () => {
    done = true;
    cancel();
  };
}

/** False until the browser has painted once since the component mounted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
