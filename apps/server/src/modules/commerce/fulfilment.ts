import { rolesGranting } from '@leerpad/core';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, PortalScope } from '../../db/schema';
import type { OrderRow } from '../../db/schema-commerce';
import type { Services } from '../../context/services';
import type { PortalContext } from '../../context/portal';
import { notify } from '../notifications/service';
import { coursesOfProducts, productsByIds } from './catalog-service';
import { enrolInTransaction, linesOf, startOrExtendPlan } from './order-service';

/** One step of an order automation. */
export type AutomationAction =
  | { type: 'enrol'; course_ids: number[] }
  | { type: 'extend_plan'; product_id: number }
  | { type: 'set_primary_coach'; coach_id: number }
  | { type: 'add_role'; role: string }
  | { type: 'send_mail'; subject: string; text: string };

export function parseActions(json: string): AutomationAction[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as AutomationAction[]) : [];
  } catch {
    return [];
  }
}

/**
 * Grants what a paid order bought: enrolments in its courses, a started or extended plan, then the
 * portal's automations for its products. Runs in the background after the payment, once: the
 * order's `fulfilled_at` is set in the same transaction as the grants, so a retry or a second queue
 * entry finds it done; a paid order left unfulfilled (the server stopped in between) is picked up
 * by the sweep (jobs.ts).
 */
export async function fulfilOrder(services: Services, orderId: number): Promise<void> {
  const db = services.db;
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order || order.state !== 'paid' || order.fulfilled_at) return;
  const portal = await services.portals.findById(order.portal_id);
  if (!portal) return;
  const scope = portal.id;
  const granted = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('orders')
      .set({ fulfilled_at: nowIso() })
      .where('id', '=', order.id)
      .where('fulfilled_at', 'is', null)
      .where('state', '=', 'paid')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    const lines = await linesOf(trx, [order.id]);
    const productIds = lines.map((line) => line.product_id).filter((id): id is number => id !== null);
    const products = await productsByIds(trx, scope, productIds);
    const courses = await coursesOfProducts(trx, productIds);
    for (const product of products) {
      for (const course of courses.get(product.id) ?? [])
        await enrolInTransaction(trx, scope, course, order.account_id);
      if (product.kind === 'plan') await startOrExtendPlan(trx, scope, order.account_id, product, order.id);
    }
    await notify(trx, {
      scope,
      accountId: order.account_id,
      key: 'order_paid',
      params: { order: String(order.id) },
      link: '/account/orders',
    });
    return true;
  });
  if (granted) await runAutomations(services, portal, order);
}

/** Each automation of the order's products, once per order (a unique run row), its outcome logged. */
export async function runAutomations(
  services: Services,
  portal: PortalContext,
  order: OrderRow,
): Promise<void> {
  const db = services.db;
  const lines = await linesOf(db, [order.id]);
  const productIds = lines.map((line) => line.product_id).filter((id): id is number => id !== null);
  if (productIds.length === 0) return;
  const automations = await db
    .selectFrom('order_automations')
    .selectAll()
    .where('portal_id', '=', portal.id)
    .where('active', '=', 1)
    .where('product_id', 'in', productIds)
    .execute();
  for (const automation of automations) {
    const now = nowIso();
    await db
      .insertInto('automation_runs')
      .values({
        portal_id: portal.id,
        automation_id: automation.id,
        order_id: order.id,
        outcome: 'pending',
        details: '[]',
        attempts: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['automation_id', 'order_id']).doNothing())
      .execute();
    await services.jobs.enqueue(
      AUTOMATION_RUN,
      { automationId: automation.id, orderId: order.id },
      { singletonKey: `automation-${automation.id}-${order.id}` },
    );
  }
}

export const AUTOMATION_RUN = 'order_automation_run';
/** Retries of a failing automation before staff are told. */
export const AUTOMATION_RETRIES = 3;

/** Runs one automation for one order; a failing step throws so the queue retries it. */
export async function runAutomation(
  services: Services,
  automationId: number,
  orderId: number,
): Promise<void> {
  const db = services.db;
  const run = await db
    .selectFrom('automation_runs')
    .selectAll()
    .where('automation_id', '=', automationId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!run || run.outcome === 'succeeded') return;
  const automation = await db
    .selectFrom('order_automations')
    .selectAll()
    .where('id', '=', automationId)
    .executeTakeFirst();
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!automation || !order) return;
  const portal = await services.portals.findById(order.portal_id);
  if (!portal) return;
  const steps: Array<{ type: string; outcome: string; error?: string }> = [];
  const finalAttempt = run.attempts + 1 > AUTOMATION_RETRIES;
  try {
    await db.transaction().execute(async (trx) => {
      for (const action of parseActions(automation.actions)) {
        await runStep(trx, portal.id, order, action);
        steps.push({ type: action.type, outcome: 'succeeded' });
      }
      await trx
        .updateTable('automation_runs')
        .set({
          outcome: 'succeeded',
          details: JSON.stringify(steps),
          attempts: run.attempts + 1,
          updated_at: nowIso(),
        })
        .where('id', '=', run.id)
        .execute();
    });
    for (const action of parseActions(automation.actions)) {
      if (action.type === 'send_mail') {
        await services.mailer.send({
          to: `${order.buyer_name} <${order.buyer_email}>`,
          subject: action.subject,
          text: action.text,
        });
      }
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('automation_runs')
      .set({
        outcome: finalAttempt ? 'failed' : 'retrying',
        details: JSON.stringify([...steps, { type: 'error', outcome: 'failed', error: message }]),
        attempts: run.attempts + 1,
        updated_at: nowIso(),
      })
      .where('id', '=', run.id)
      .execute();
    if (finalAttempt) {
      await reportFailure(db, portal.id, automation.name, order.id);
      return;
    }
    throw error;
  }
}

async function runStep(
  trx: Kysely<Database> | Transaction<Database>,
  scope: PortalScope,
  order: OrderRow,
  action: AutomationAction,
) {
  switch (action.type) {
    case 'enrol': {
      for (const course of action.course_ids) {
        const found = await trx
          .selectFrom('courses')
          .select('id')
          .where('portal_id', '=', scope)
          .where('id', '=', course)
          .executeTakeFirst();
        if (!found) throw new Error(`course ${course} does not exist`);
        await enrolInTransaction(trx, scope, course, order.account_id);
      }
      return;
    }
    case 'extend_plan': {
      const [product] = await productsByIds(trx, scope, [action.product_id]);
      if (!product) throw new Error(`product ${action.product_id} does not exist`);
      await startOrExtendPlan(trx, scope, order.account_id, product, order.id);
      return;
    }
    case 'set_primary_coach': {
      const coach = await trx
        .selectFrom('accounts')
        .select('id')
        .where('portal_id', '=', scope)
        .where('id', '=', action.coach_id)
        .executeTakeFirst();
      if (!coach) throw new Error(`coach ${action.coach_id} does not exist`);
      await trx
        .updateTable('accounts')
        .set({ primary_coach_id: coach.id })
        .where('id', '=', order.account_id)
        .execute();
      return;
    }
    case 'add_role': {
      await trx
        .insertInto('account_roles')
        .values({ account_id: order.account_id, role: action.role })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'send_mail':
      return; // sent after the transaction commits
  }
}

/** Tells the portal's sales staff (everyone who holds `manage:order`) that an automation gave up. */
async function reportFailure(db: Kysely<Database>, scope: PortalScope, name: string, orderId: number) {
  const staff = await db
    .selectFrom('account_roles')
    .innerJoin('accounts', 'accounts.id', 'account_roles.account_id')
    .select('accounts.id')
    .distinct()
    .where('accounts.portal_id', '=', scope)
    .where('account_roles.role', 'in', rolesGranting('manage:order'))
    .execute();
  for (const account of staff) {
    await notify(db, {
      scope,
      accountId: account.id,
      key: 'order_automation_failed',
      params: { name, order: String(orderId) },
      link: '/admin/settings/order-automations',
    });
  }
}
