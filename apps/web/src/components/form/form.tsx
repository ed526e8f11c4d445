/**
 * The app's `<form>`: a native form that knows whether it holds unsaved changes (SPEC §4 "Form":
 * the dirty event fires 500 ms after the last change) and registers itself with the unsaved-changes
 * guard, so leaving the page or closing the tab asks first. Without a `dirty` prop it compares its
 * controls with how they were before the person's first change; a submit counts as saving them.
 */
import { useEffect, useRef, type FormHTMLAttributes, type Ref, type SubmitEvent } from 'react';
import { FORM_DIRTY_DELAY_MS } from '@leerpad/core';
import { registerForm } from './unsaved-changes';

export type FormProps = FormHTMLAttributes<HTMLFormElement> & {
  ref?: Ref<HTMLFormElement>;
  /** Whether the form holds unsaved changes, when its owner knows better than its controls do. */
  dirty?: boolean;
  /** false: leaving never asks (a search or filter form, whose text is no work to lose). */
  guard?: boolean;
  /** The dirty event: a change, then 500 ms without another. */
  onDirty?: () => void;
};

/** Every control's value (and every rich-text editor's content), in order: what the form shows. */
function snapshot(form: HTMLFormElement): string {
  const values = Array.from(form.elements, (element) => {
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio'))
      return String(element.checked);
    return 'value' in element ? String((element as HTMLInputElement).value) : '';
  });
  form.querySelectorAll('[contenteditable="true"]').forEach((editor) => values.push(editor.innerHTML));
  return values.join('\u0000');
}

export function Form({ ref, dirty, guard = true, onDirty, onSubmit, children, ...props }: FormProps) {
  const element = useRef<HTMLFormElement | null>(null);
  const baseline = useRef<string | null>(null);
  const changed = useRef(false);
  const sending = useRef(false);
  const owned = useRef(dirty);
  owned.current = dirty;
  const dirtyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onDirtyRef = useRef(onDirty);
  onDirtyRef.current = onDirty;

  useEffect(() => {
    if (!guard) return;
    return registerForm(() => !sending.current && (owned.current ?? changed.current));
  }, [guard]);
  useEffect(() => () => clearTimeout(dirtyTimer.current), []);

  const setElement = (node: HTMLFormElement | null) => {
    element.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  // Before the person's first change, remember how the form looks (its data may have arrived late).
  const remember = () => {
    if (!changed.current && element.current) baseline.current = snapshot(element.current);
  };

  const noticeChange = () => {
    const form = element.current;
    if (!form) return;
    changed.current = baseline.current === null || snapshot(form) !== baseline.current;
    clearTimeout(dirtyTimer.current);
    if (onDirtyRef.current)
      dirtyTimer.current = setTimeout(() => onDirtyRef.current?.(), FORM_DIRTY_DELAY_MS);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    // Sent is saved: what the form shows now is its new starting point, and the navigation its
    // success may start is not held up.
    changed.current = false;
    baseline.current = snapshot(event.currentTarget);
    sending.current = true;
    const done = () => {
      sending.current = false;
    };
    const result: unknown = onSubmit?.(event);
    if (result instanceof Promise) result.then(done, done);
    else done();
  };

  return (
    <form
      ref={setElement}
      onFocusCapture={remember}
      onPointerDownCapture={remember}
      onInputCapture={noticeChange}
      onChangeCapture={noticeChange}
      onSubmit={submit}
      {...props}
    >
      {children}
    </form>
  );
}
