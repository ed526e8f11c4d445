import { rolesGranting } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/dialect';
import { ACADEMY_PRODUCTS } from '../../db/seed/academy-titles';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { AUTOMATION_RETRIES, runAutomation } from './fulfilment';

let t: TestApp;
let r: ReturnType<typeof requests>;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
});

afterAll(() => t.close());

describe('an order automation that gives up', () => {
  it('tells everyone who manages orders, the financial controller included, and nobody else', async () => {
    const [admin, sales] = await Promise.all([t.login('admin@leerpad.test'), t.login('sales@leerpad.test')]);
    expect(rolesGranting('manage:order')).toContain('financial controller');
    const controller = await r.post('/api/v1/accounts', admin, {
      full_name: 'Frida Finance',
      email_address: 'controller@leerpad.test',
      roles: ['financial controller'],
    });
    expect(controller.status).toBe(201);
    const db = t.services.db;
    const product = await db
      .selectFrom('products')
      .select(['id', 'portal_id'])
      .where('name', '=', ACADEMY_PRODUCTS.sample)
      .executeTakeFirstOrThrow();
    const classmateId = await t.accountId('classmate@leerpad.test');
    const order = await r.post('/api/v1/orders', sales, {
      data: {
        type: 'orders',
        attributes: { payment_method: 'invoice_later' },
        relationships: {
          products: { data: [{ type: 'products', id: String(product.id) }] },
          account: { data: { type: 'accounts', id: String(classmateId) } },
        },
      },
    });
    expect(order.status).toBe(201);
    const orderId = Number(order.body.data.id);
    const now = nowIso();
    // An automation whose course is gone, on its last try.
    const automation = await db
      .insertInto('order_automations')
      .values({
        portal_id: product.portal_id,
        name: 'Enrol in a removed course',
        product_id: product.id,
        actions: JSON.stringify([{ type: 'enrol', course_ids: [2_000_000_000] }]),
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('automation_runs')
      .values({
        portal_id: product.portal_id,
        automation_id: automation.id,
        order_id: orderId,
        outcome: 'retrying',
        details: '[]',
        attempts: AUTOMATION_RETRIES,
        created_at: now,
        updated_at: now,
      })
      .execute();

    await runAutomation(t.services, automation.id, orderId);

    const told = await db
      .selectFrom('notifications')
      .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
      .select('accounts.email')
      .where('notifications.message_key', '=', 'order_automation_failed')
      .execute();
    const emails = told.map((row) => row.email).sort();
    expect(emails).toEqual(['admin@leerpad.test', 'controller@leerpad.test', 'sales@leerpad.test']);
  });
});
