/** An order's state as a coloured badge, alike for the buyer (shop) and for sales staff. */
import type { OrderState } from '@leerpad/core';

const STATE_CLASSES: Record<OrderState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
  refunded: 'bg-violet-100 text-violet-900',
  partially_refunded: 'bg-violet-100 text-violet-900',
};

/** `label` is the state in the reader's words: buyers and staff read it differently ("Awaiting payment", "Open"). */
export function OrderStateBadge({ state, label }: { state: OrderState; label: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATE_CLASSES[state] ?? STATE_CLASSES.expired}`}
      data-testid="order-state"
      data-state={state}
    >
      {label}
    </span>
  );
}
