/** Toasts (SPEC §4): shown, fade after their duration (5000 ms), removed 200 ms later. */
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from '@leerpad/core';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  kind?: ToastKind;
  /** A translation key; used when no literal message is given. */
  messageKey?: string;
  /** Literal text (e.g. an API error's detail). */
  message?: string;
  duration?: number;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  messageKey?: string;
  message?: string;
  /** False while fading out. */
  visible: boolean;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function remove(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  publish(toasts.filter((toast) => toast.id !== id));
}

export function dismissToast(id: number): void {
  if (!toasts.some((toast) => toast.id === id && toast.visible)) return;
  clearTimeout(timers.get(id));
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, visible: false } : toast)));
  timers.set(
    id,
    setTimeout(() => remove(id), TOAST_REMOVE_DELAY_MS),
  );
}

export function showToast({
  kind = 'info',
  messageKey,
  message,
  duration = TOAST_DURATION_MS,
}: ToastInput): number {
  // The same text twice in a row (say, two failing calls) shows once.
  const duplicate = toasts.find(
    (toast) =>
      toast.visible && toast.kind === kind && toast.messageKey === messageKey && toast.message === message,
  );
  if (duplicate) return duplicate.id;
  const id = nextId++;
  publish([...toasts, { id, kind, messageKey, message, visible: true }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), duration),
  );
  return id;
}

export function clearToasts(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  publish([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
