/**
 * The modal queue (SPEC §4 "Modals"): default priority 0; a higher priority replaces the current
 * modal and queues the displaced one; queued modals are ordered by priority. All close on a route change.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { focusOpener } from '../page-focus';

export interface ModalRequest {
  /** One modal per id: opening an id that is already open or queued does nothing. */
  id: string;
  priority?: number;
  render: (close: () => void) => ReactNode;
}

export interface ModalEntry extends ModalRequest {
  priority: number;
  sequence: number;
  /** What had the focus when the modal was asked for: it gets the focus back when the modal closes. */
  opener: Element | null;
  /** The page the modal was asked for on: after a move to another page, that page takes the focus. */
  openedOn: string;
}

export interface ModalState {
  current: ModalEntry | null;
  queue: readonly ModalEntry[];
}

let state: ModalState = { current: null, queue: [] };
let sequence = 0;
const listeners = new Set<() => void>();

function publish(next: ModalState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Highest priority first; equal priorities keep their order of arrival. */
function ordered(queue: readonly ModalEntry[]): ModalEntry[] {
  return [...queue].sort((a, b) => b.priority - a.priority || a.sequence - b.sequence);
}

export function openModal(request: ModalRequest): void {
  if (state.current?.id === request.id || state.queue.some((entry) => entry.id === request.id)) return;
  const entry: ModalEntry = {
    ...request,
    priority: request.priority ?? 0,
    sequence: sequence++,
    opener: focusOpener(),
    openedOn: typeof window === 'undefined' ? '' : window.location.pathname,
  };
  const { current, queue } = state;
  if (!current) publish({ current: entry, queue });
  else if (entry.priority > current.priority)
    publish({ current: entry, queue: ordered([current, ...queue]) });
  else publish({ current, queue: ordered([...queue, entry]) });
}

export function closeModal(id?: string): void {
  const { current, queue } = state;
  if (!current) return;
  if (id === undefined || current.id === id) {
    const [next = null, ...rest] = queue;
    publish({ current: next, queue: rest });
  } else {
    publish({ current, queue: queue.filter((entry) => entry.id !== id) });
  }
}

export function closeAllModals(): void {
  if (state.current || state.queue.length > 0) publish({ current: null, queue: [] });
}

export function getModalState(): ModalState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useModalState(): ModalState {
  return useSyncExternalStore(subscribe, getModalState);
}
