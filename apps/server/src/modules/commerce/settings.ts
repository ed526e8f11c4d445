import { DEFAULT_CURRENCY } from '@leerpad/core';
import type { PortalContext } from '../../context/portal';

/** Seller details printed on invoices. */
export interface Seller {
  name: string;
  address: string;
  country: string;
  vatId: string | null;
  email: string | null;
}

/** A portal's shop settings: the portal parameter `commerce` (JSON), with defaults for what it leaves out. */
export interface CommerceSettings {
  currency: string;
  /** `test` is the built-in test provider, on when no provider is configured. */
  paymentProvider: string;
  /** With the test provider: whether renewals succeed or fail. */
  testRenewalOutcome: 'paid' | 'failed';
  seller: Seller;
  /** Days a checkout payment stays open before it expires. */
  paymentExpiryHours: number;
}

export function commerceSettings(portal: Pick<PortalContext, 'name' | 'parameters'>): CommerceSettings {
  const raw = portal.parameters.find((parameter) => parameter.type === 'commerce')?.data;
  let data: Record<string, unknown> = {};
  try {
    data = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    data = {};
  }
  const seller = (data.seller ?? {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
  return {
    currency: text(data.currency, DEFAULT_CURRENCY),
    paymentProvider: text(data.payment_provider, 'test'),
    testRenewalOutcome: data.test_renewal_outcome === 'failed' ? 'failed' : 'paid',
    paymentExpiryHours: typeof data.payment_expiry_hours === 'number' ? data.payment_expiry_hours : 24,
    seller: {
      name: text(seller.name, portal.name),
      address: text(seller.address, ''),
      country: text(seller.country, 'NL'),
      vatId: typeof seller.vat_id === 'string' ? seller.vat_id : null,
      email: typeof seller.email === 'string' ? seller.email : null,
    },
  };
}
