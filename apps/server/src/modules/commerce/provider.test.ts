/**
 * Choosing the payment provider writes the settings and an audit entry that names what changed,
 * never the keys, in one transaction; going back to the test provider forgets the keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalScope } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { choosePaymentProvider, providerKeys } from './provider';

let t: TestApp;
let scope: PortalScope;
let actor: { actorId: number; ip: string };

beforeAll(async () => {
  t = await createTestApp();
  const adminId = await t.accountId('admin@leerpad.test');
  const admin = await t.services.db
    .selectFrom('accounts')
    .select('portal_id')
    .where('id', '=', adminId)
    .executeTakeFirstOrThrow();
  scope = (await t.services.portals.findById(admin.portal_id))!.id;
  actor = { actorId: adminId, ip: '127.0.0.1' };
});
afterAll(() => t.close());

const lastAudit = async () => {
  const row = await t.services.db
    .selectFrom('audit_events')
    .select(['actor_id', 'details'])
    .where('portal_id', '=', scope)
    .where('action', '=', 'payment_provider.changed')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { actor: row.actor_id, details: JSON.parse(row.details) as Record<string, unknown> };
};

describe('choosing the payment provider', () => {
  it('stores the Stripe keys, audits what changed without the keys, and forgets them for the test provider', async () => {
    const secretKey = 'sk_test_51AbCdEfGhIjKlMnOpQrStUv';
    const webhookSecret = 'whsec_0123456789abcdefghijklmnop';
    const at = await choosePaymentProvider(t.services.db, scope, actor, {
      provider: 'stripe',
      secretKey,
      webhookSecret,
      changed: { secretKey: true, webhookSecret: false },
    });
    expect(at).not.toBeNull();
    expect(await providerKeys(t.services.db, scope)).toMatchObject({
      provider: 'stripe',
      secretKey,
      webhookSecret,
    });
    const stripe = await lastAudit();
    expect(stripe).toEqual({
      actor: actor.actorId,
      details: { provider: 'stripe', secret_key_changed: true, webhook_secret_changed: false },
    });
    expect(JSON.stringify(stripe.details)).not.toContain('sk_test');

    expect(await choosePaymentProvider(t.services.db, scope, actor, { provider: 'test' })).toBeNull();
    expect(await providerKeys(t.services.db, scope)).toBeNull();
    expect((await lastAudit()).details).toEqual({ provider: 'test' });
  });
});
