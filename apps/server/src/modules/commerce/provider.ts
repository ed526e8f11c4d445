import type { PaymentRow } from '../../db/schema-commerce';
import type { CommerceSettings } from './settings';

/**
 * A payment provider: where the buyer pays a payment. Outcomes come back through the provider's own
 * route (the test provider's `test_outcome`, a real provider's webhook) and are applied by
 * `applyPaymentOutcome`, which is safe to call twice and in any order.
 */
export interface PaymentProvider {
  readonly name: string;
  checkoutUrl(payment: Pick<PaymentRow, 'id'>): string;
  /** A renewal charge without the buyer present: succeeds or fails at once. */
  chargeRenewal(amountCents: number): Promise<'paid' | 'failed'>;
}

/** The built-in test provider: a page of ours offers "pay" and "fail". */
export function testProvider(settings: CommerceSettings): PaymentProvider {
  return {
    name: 'test',
    checkoutUrl: (payment) => `/checkout/test/${payment.id}`,
    chargeRenewal: async () => settings.testRenewalOutcome,
  };
}

export function paymentProviderFor(settings: CommerceSettings): PaymentProvider {
  // Only the test provider is built in; a configured real provider plugs in here.
  return testProvider(settings);
}

export const usesTestProvider = (settings: CommerceSettings) => settings.paymentProvider === 'test';
