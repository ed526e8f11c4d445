/** Set when any API call answers 402; the layout then shows the payment-required screen. */
import { useSyncExternalStore } from 'react';

let paymentRequired = false;
const listeners = new Set<() => void>();

export function setPaymentRequired(value: boolean): void {
  if (paymentRequired === value) return;
  paymentRequired = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePaymentRequired(): boolean {
  return useSyncExternalStore(subscribe, () => paymentRequired);
}
