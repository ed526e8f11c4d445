import { z } from 'zod';
import type Stripe from 'stripe';
import { ApiError } from '../../http/errors';
import { buildDocument, resourceDocument, resourceSchema } from '../../http/jsonapi';
import type { PortalContext } from '../../context/portal';
import { defineRoute } from '../../http/route';
import { applyPaymentOutcome } from './order-service';
import {
  choosePaymentProvider,
  providerChangedAt,
  providerKeys,
  secretHint,
  stripeClient,
  stripePayment,
} from './provider';
import type { ProviderKeys } from './provider';

/** Where Stripe delivers a portal's events (on the portal's own address). */
export const PAYMENT_WEBHOOK_PATH = '/api/v1/payment_webhooks/stripe';

export const paymentProviderResource = resourceSchema('PaymentProvider', 'payment_providers', {
  attributes: z.object({
    provider: z.enum(['test', 'stripe']),
    secret_key_hint: z.string().nullable(),
    webhook_secret_hint: z.string().nullable(),
    webhook_url: z.string(),
    updated_at: z.string().nullable(),
  }),
});

function presentProvider(
  portal: PortalContext,
  keys: ProviderKeys | null,
  updatedAt: string | null,
): z.infer<typeof paymentProviderResource> {
  return {
    type: 'payment_providers',
    id: String(portal.id),
    attributes: {
      provider: keys ? keys.provider : 'test',
      secret_key_hint: keys ? secretHint(keys.secretKey) : null,
      webhook_secret_hint: keys ? secretHint(keys.webhookSecret) : null,
      webhook_url: `${portal.row.base_url.replace(/\/$/, '')}${PAYMENT_WEBHOOK_PATH}`,
      updated_at: updatedAt,
    },
  };
}

const STRIPE_SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
const STRIPE_WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=]{8,}$/;

/** What a Stripe event means for our payment, if anything. */
function outcomeOf(
  event: Stripe.Event,
): { session: Stripe.Checkout.Session; outcome: 'paid' | 'failed' | 'expired' } | null {
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed methods (SEPA debit, bank transfer) complete unpaid and report again later.
      return event.data.object.payment_status === 'paid'
        ? { session: event.data.object, outcome: 'paid' }
        : null;
    case 'checkout.session.async_payment_succeeded':
      return { session: event.data.object, outcome: 'paid' };
    case 'checkout.session.async_payment_failed':
      return { session: event.data.object, outcome: 'failed' };
    case 'checkout.session.expired':
      return { session: event.data.object, outcome: 'expired' };
    default:
      return null;
  }
}

export const providerRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/payment_provider',
    summary:
      "The portal's payment provider: test (built in) or stripe, with hints of its keys (never the keys) and the webhook address to give Stripe",
    tags: ['commerce'],
    permission: 'manage:portal-settings',
    response: resourceDocument(paymentProviderResource),
    async handler({ services, portal }) {
      const [keys, changedAt] = await Promise.all([
        providerKeys(services.db, portal.id),
        providerChangedAt(services.db, portal.id),
      ]);
      return buildDocument(presentProvider(portal, keys, changedAt));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/payment_provider',
    summary:
      'Choose the payment provider: test, or stripe with secret_key and webhook_secret (each may be left out to keep the stored one)',
    tags: ['commerce'],
    permission: 'manage:portal-settings',
    response: resourceDocument(paymentProviderResource),
    resourceType: 'payment_providers',
    body: z.object({
      provider: z.enum(['test', 'stripe']),
      secret_key: z.string().trim().max(300).nullable().optional(),
      webhook_secret: z.string().trim().max(300).nullable().optional(),
    }),
    async handler({ services, portal, account, body, pointer, request }) {
      const current = await providerKeys(services.db, portal.id);
      const actor = { actorId: account.id, ip: request.ip };
      if (body.provider === 'test') {
        await choosePaymentProvider(services.db, portal.id, actor, { provider: 'test' });
        return buildDocument(presentProvider(portal, null, null));
      }
      const secretKey = body.secret_key || current?.secretKey || '';
      const webhookSecret = body.webhook_secret || current?.webhookSecret || '';
      const errors: Array<{ pointer: string; detail: string; code: string }> = [];
      if (!STRIPE_SECRET_KEY.test(secretKey)) {
        errors.push({
          pointer: pointer('secret_key'),
          code: 'PROVIDER_SECRET_KEY_INVALID',
          detail: 'Enter the secret key from the Stripe dashboard (sk_live_… or sk_test_…).',
        });
      }
      if (!STRIPE_WEBHOOK_SECRET.test(webhookSecret)) {
        errors.push({
          pointer: pointer('webhook_secret'),
          code: 'PROVIDER_WEBHOOK_SECRET_INVALID',
          detail: "Enter the webhook endpoint's signing secret (whsec_…).",
        });
      }
      if (errors.length > 0) throw ApiError.validation(errors);
      const now = await choosePaymentProvider(services.db, portal.id, actor, {
        provider: 'stripe',
        secretKey,
        webhookSecret,
        changed: { secretKey: Boolean(body.secret_key), webhookSecret: Boolean(body.webhook_secret) },
      });
      return buildDocument(presentProvider(portal, { provider: 'stripe', secretKey, webhookSecret }, now));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/payment_webhooks/stripe',
    summary:
      "Stripe's events for this portal, signed with the endpoint's secret (Stripe-Signature): a paid, failed or expired Checkout Session settles its payment once, however often it arrives",
    tags: ['commerce'],
    permission: 'public',
    response: z.object({ meta: z.object({ received: z.boolean() }) }),
    async handler({ services, portal, request }) {
      const keys = await providerKeys(services.db, portal.id);
      if (!keys) throw ApiError.notFound('webhook');
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || request.rawBody === null) throw new Error('unsigned');
        event = await stripeClient(keys, services.config).webhooks.constructEventAsync(
          request.rawBody,
          signature,
          keys.webhookSecret,
        );
      } catch {
        throw ApiError.badRequest('WEBHOOK_SIGNATURE_INVALID', 'The signature of this event does not match.');
      }
      const found = outcomeOf(event);
      if (!found) return { meta: { received: true } };
      const paymentId = Number(found.session.metadata?.payment_id ?? found.session.client_reference_id);
      const payment = Number.isSafeInteger(paymentId)
        ? await stripePayment(services.db, portal.id, paymentId)
        : undefined;
      // An event for a session we did not open (another system on the same Stripe account) is noted, not applied.
      if (!payment || payment.provider_ref !== found.session.id) return { meta: { received: false } };
      await applyPaymentOutcome(services, portal, payment.id, found.outcome);
      return { meta: { received: true } };
    },
  }),
];
