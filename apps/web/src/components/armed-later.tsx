/**
 * Header menus whose library mounts once the page is up (docs/decisions/082).
 *
 * Radix's popover and dropdown menu set their anchor and content state in layout effects and ref
 * callbacks as they mount. React renders such updates at once, and before it may, it runs every
 * effect of the tree it has just committed. On a signed-in page's first render that folded the
 * effects of the whole page into the commit: one long task, some 200 ms on a phone. So a header
 * menu first shows a plain button that looks and reads the same, and mounts its library in a
 * transition right after the page's first effects have run. A click on the plain button (there is
 * hardly time for one) arms the menu and opens it; focus on it moves to the real trigger.
 */
import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type Ref,
} from 'react';

export interface ArmedLater<T extends HTMLElement> {
  armed: boolean;
  /** Whether the menu is open (for the library's controlled root). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** For the real trigger: it takes focus when the plain button had it. */
  triggerRef: Ref<T>;
  /** Props for the plain stand-in: a click arms the menu and opens it. */
  plain: { onFocus: () => void; onBlur: () => void; onClick: () => void };
}

export function useArmedLater<T extends HTMLElement = HTMLButtonElement>(): ArmedLater<T> {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<T>(null);
  const plainFocused = useRef(false);

  useEffect(() => {
    if (!armed) {
      startTransition(() => setArmed(true));
      return;
    }
    if (plainFocused.current) triggerRef.current?.focus();
    plainFocused.current = false;
  }, [armed]);

  const armAndOpen = useCallback(() => {
    setArmed(true);
    setOpen(true);
  }, []);
  const plain = {
    onFocus: () => {
      plainFocused.current = true;
    },
    onBlur: () => {
      plainFocused.current = false;
    },
    onClick: armAndOpen,
  };
  return { armed, open, setOpen, triggerRef, plain };
}

interface PlainTriggerProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** What the real trigger announces: a dialog (popover) or a menu. */
  popup: 'dialog' | 'menu';
}

/** The stand-in: a closed trigger as the menu library renders one. */
export function PlainTrigger({ popup, ...props }: PlainTriggerProps) {
  return <button type="button" aria-haspopup={popup} aria-expanded={false} data-state="closed" {...props} />;
}
