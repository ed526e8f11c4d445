import Stripe from 'stripe';
import type { Config } from '../../config';
import { nowIso } from '../../db/dialect';
import type { Kysely } from 'kysely';
import type { Database, Executor, PortalScope } from '../../db/schema';
import type { OrderRow, PaymentRow } from '../../db/schema-commerce';
import { UpstreamFailure } from '../../domain/errors';
import type { PortalContext } from '../../context/portal';
import { recordAudit } from '../audit/service';
import type { CommerceSettings } from './settings';

/** The real providers a portal may configure (decision 038). */
export const REAL_PROVIDERS = ['stripe'] as const;
export type RealProvider = (typeof REAL_PROVIDERS)[number];

/** A portal's real provider and its keys (the `payment_provider_settings` row). */
export interface ProviderKeys {
  provider: RealProvider;
  secretKey: string;
  webhookSecret: string;
}

/**
 * A payment provider: where the buyer pays a payment. Outcomes come back through the provider's own
 * route (the test provider's `test_outcome`, a real provider's webhook) and are applied by
 * `applyPaymentOutcome`, which is safe to call twice and in any order.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Opens the payment at the provider: its id there and the address where the buyer pays. Called
   * after the payment row is committed, never inside a transaction; the same payment opened twice
   * gives the same checkout (the provider's idempotency key is the payment's id).
   */
  open(
    portal: PortalContext,
    payment: PaymentRow,
    order: Pick<OrderRow, 'id' | 'buyer_email'>,
  ): Promise<{ ref: string | null; checkoutUrl: string | null }>;
  /**
   * A renewal charge without the buyer present: succeeds or fails at once. The same idempotency key
   * charges once, however often it is asked (a sweep interrupted after the charge asks again).
   */
  chargeRenewal(charge: RenewalCharge): Promise<'paid' | 'failed'>;
}

export interface RenewalCharge {
  amountCents: number;
  /** The renewal order's key: one charge per subscription period. */
  idempotencyKey: string;
}

/**
 * The built-in test provider: a page of ours offers "pay" and "fail"; renewals take the portal's
 * set outcome and are kept by key, as a real provider keeps them, so a key is charged once.
 */
export function testProvider(
  db: Executor,
  portal: PortalContext,
  settings: CommerceSettings,
): PaymentProvider {
  return {
    name: 'test',
    open: async (_portal, payment) => ({ ref: null, checkoutUrl: `/checkout/test/${payment.id}` }),
    async chargeRenewal({ amountCents, idempotencyKey }) {
      await db
        .insertInto('test_provider_charges')
        .values({
          portal_id: portal.id,
          idempotency_key: idempotencyKey,
          amount_cents: amountCents,
          outcome: settings.testRenewalOutcome,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.columns(['portal_id', 'idempotency_key']).doNothing())
        .execute();
      const charge = await db
        .selectFrom('test_provider_charges')
        .select('outcome')
        .where('portal_id', '=', portal.id)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow();
      return charge.outcome === 'failed' ? 'failed' : 'paid';
    },
  };
}

/** The Stripe SDK for a portal's key; `config.stripeApiUrl` points it elsewhere (tests: a fake). */
export function stripeClient(keys: Pick<ProviderKeys, 'secretKey'>, config: Pick<Config, 'stripeApiUrl'>) {
  const target = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  return new Stripe(keys.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/**
 * Stripe Checkout: a Checkout Session per payment, for the order's total as one line (the invoice
 * is ours; Stripe only takes the money). The buyer comes back to the order's page.
 */
export function stripeProvider(keys: ProviderKeys, config: Pick<Config, 'stripeApiUrl'>): PaymentProvider {
  const stripe = stripeClient(keys, config);
  return {
    name: 'stripe',
    async open(portal, payment, order) {
      const base = portal.row.base_url.replace(/\/$/, '');
      const back = `${base}/account/orders/${order.id}`;
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: String(payment.id),
            customer_email: order.buyer_email,
            metadata: { payment_id: String(payment.id), portal_id: String(portal.id) },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: payment.currency.toLowerCase(),
                  unit_amount: payment.amount_cents,
                  product_data: { name: `${portal.name} — order ${order.id}` },
                },
              },
            ],
            success_url: back,
            cancel_url: back,
          },
          { idempotencyKey: `leerpad-payment-${portal.id}-${payment.id}` },
        );
        return { ref: session.id, checkoutUrl: session.url };
      } catch {
        throw new UpstreamFailure({
          code: 'PAYMENT_PROVIDER_FAILED',
          title: 'Bad gateway',
          detail: 'The payment provider did not answer; try again in a moment.',
        });
      }
    },
    // Charging without the buyer needs a saved payment method (Stripe Billing), which this adapter
    // does not keep: a renewal fails, so the subscription goes past due and the buyer orders again.
    chargeRenewal: async () => 'failed',
  };
}

export async function providerKeys(db: Executor, scope: PortalScope): Promise<ProviderKeys | null> {
  const row = await db
    .selectFrom('payment_provider_settings')
    .selectAll()
    .where('portal_id', '=', scope)
    .executeTakeFirst();
  if (!row || !(REAL_PROVIDERS as readonly string[]).includes(row.provider)) return null;
  return {
    provider: row.provider as RealProvider,
    secretKey: row.secret_key,
    webhookSecret: row.webhook_secret,
  };
}

/** When the portal's provider settings last changed (null: never chosen). */
export async function providerChangedAt(db: Executor, scope: PortalScope): Promise<string | null> {
  const row = await db
    .selectFrom('payment_provider_settings')
    .select('updated_at')
    .where('portal_id', '=', scope)
    .executeTakeFirst();
  return row?.updated_at ?? null;
}

/** A payment this portal opened with Stripe, by id, with the session it opened there. */
export function stripePayment(db: Executor, scope: PortalScope, paymentId: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'provider_ref'])
    .where('portal_id', '=', scope)
    .where('id', '=', paymentId)
    .where('provider', '=', 'stripe')
    .executeTakeFirst();
}

/** The portal's provider: its real one when configured, the built-in test provider otherwise. */
export async function paymentProviderFor(
  db: Executor,
  config: Pick<Config, 'stripeApiUrl'>,
  portal: PortalContext,
  settings: CommerceSettings,
): Promise<PaymentProvider> {
  const keys = await providerKeys(db, portal.id);
  return keys ? stripeProvider(keys, config) : testProvider(db, portal, settings);
}

/** The test provider's outcome route exists only while the portal has no real provider. */
export async function usesTestProvider(db: Executor, scope: PortalScope): Promise<boolean> {
  return (await providerKeys(db, scope)) === null;
}

/** The address where the buyer pays a payment: the test page, or the one its provider gave. */
export const checkoutUrlOf = (payment: Pick<PaymentRow, 'id' | 'provider' | 'checkout_url'>) =>
  payment.provider === 'test' ? `/checkout/test/${payment.id}` : payment.checkout_url;

/** Opens a payment at its provider when it has no checkout address yet; answers the row as it is now. */
export async function openAtProvider(
  db: Executor,
  provider: PaymentProvider,
  portal: PortalContext,
  payment: PaymentRow,
  order: Pick<OrderRow, 'id' | 'buyer_email'>,
): Promise<PaymentRow> {
  if (payment.provider === 'test' || payment.checkout_url || payment.state !== 'open') return payment;
  const opened = await provider.open(portal, payment, order);
  return db
    .updateTable('payments')
    .set({ provider_ref: opened.ref, checkout_url: opened.checkoutUrl, updated_at: nowIso() })
    .where('id', '=', payment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A hint of a secret: enough to tell keys apart, never the key. */
export const secretHint = (secret: string) =>
  secret.length <= 12 ? '…' : `${secret.slice(0, 8)}…${secret.slice(-4)}`;

/** The provider staff choose: the built-in test provider, or Stripe with checked keys. */
export type ProviderChoice =
  | { provider: 'test' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** Which of the two keys this change replaced (the audit says so, never the keys). */
      changed: { secretKey: boolean; webhookSecret: boolean };
    };

/**
 * Switches the portal's payment provider, with its audit entry in the same transaction. Returns when
 * the settings were written (null for the test provider, which stores nothing).
 */
export async function choosePaymentProvider(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: { actorId: number; ip: string | null },
  choice: ProviderChoice,
): Promise<string | null> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    if (choice.provider === 'test') {
      await trx.deleteFrom('payment_provider_settings').where('portal_id', '=', scope).execute();
    } else {
      const keys = { provider: 'stripe', secret_key: choice.secretKey, webhook_secret: choice.webhookSecret };
      await trx
        .insertInto('payment_provider_settings')
        .values({ portal_id: scope, ...keys, updated_at: now })
        .onConflict((oc) => oc.column('portal_id').doUpdateSet({ ...keys, updated_at: now }))
        .execute();
    }
    await recordAudit(trx, {
      scope,
      actorId: actor.actorId,
      action: 'payment_provider.changed',
      entityType: 'portal',
      entityId: scope,
      details:
        choice.provider === 'test'
          ? { provider: 'test' }
          : {
              provider: 'stripe',
              secret_key_changed: choice.changed.secretKey,
              webhook_secret_changed: choice.changed.webhookSecret,
            },
      ip: actor.ip,
    });
    return choice.provider === 'test' ? null : now;
  });
}
