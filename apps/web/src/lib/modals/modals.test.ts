import { afterEach, describe, expect, it } from 'vitest';
import { closeAllModals, closeModal, getModalState, openModal } from './modals';

const open = (id: string, priority?: number) => openModal({ id, priority, render: () => id });
const state = () => ({
  current: getModalState().current?.id ?? null,
  queue: getModalState().queue.map((entry) => entry.id),
});

afterEach(() => closeAllModals());

describe('the modal queue', () => {
  it('shows the first modal and queues the next ones of equal priority in order', () => {
    open('a');
    open('b');
    open('c');
    expect(state()).toEqual({ current: 'a', queue: ['b', 'c'] });
    closeModal('a');
    expect(state()).toEqual({ current: 'b', queue: ['c'] });
  });

  it('lets a higher priority replace the current modal, which is queued', () => {
    open('low');
    open('queued', 1);
    expect(state()).toEqual({ current: 'queued', queue: ['low'] });
    open('urgent', 5);
    expect(state()).toEqual({ current: 'urgent', queue: ['queued', 'low'] });
    closeModal();
    expect(state()).toEqual({ current: 'queued', queue: ['low'] });
  });

  it('orders the queue by priority and ignores an id that is already there', () => {
    open('current', 10);
    open('zero');
    open('three', 3);
    open('zero');
    expect(state()).toEqual({ current: 'current', queue: ['three', 'zero'] });
    closeModal('three');
    expect(state()).toEqual({ current: 'current', queue: ['zero'] });
    closeAllModals();
    expect(state()).toEqual({ current: null, queue: [] });
  });
});
