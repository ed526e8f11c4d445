import { PROMOTION_KINDS, ROLES } from '@leerpad/core';
import { z } from 'zod';
import { onePageMeta } from '../../db/pages';
import type { Executor } from '../../db/schema';
import type { PromotionRow } from '../../db/schema-commerce';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  deletedDocument,
  listDocument,
  listQueryShape,
  pageFrom,
  resourceDocument,
} from '../../http/jsonapi';
import { idListFilter, idReference } from '../../http/list-query';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo, relatedToMany } from '../../http/write-document';
import { productsByIds } from './catalog-service';
import { parseActions } from './fulfilment';
import { presentAutomation, presentAutomationRun, presentPromotion, presentSubscription } from './presenter';
import {
  deletePromotion,
  findPromotion,
  listPromotions,
  productsOfPromotions,
  savePromotion,
} from './promotion-service';
import {
  automationRunResource,
  orderAutomationResource,
  promotionResource,
  subscriptionResource,
} from './schema';
import { commerceSettings } from './settings';
import { findSubscription, setCancelled, subscriptionsOf } from './subscription-service';
import {
  checkAutomation,
  createAutomation,
  deleteAutomation,
  findAutomation,
  listAutomationRuns,
  listAutomations,
  updateAutomation,
} from './automation-service';
import { dateTime } from '../../http/dates';

const isoTime = dateTime;

const promotionBody = z.object({
  code: z
    .string()
    .trim()
    .min(3)
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _.'),
  description: z.string().trim().max(500).nullable().optional(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().int('Enter a whole number.').positive().max(100_000_000),
  currency: z.string().trim().max(10).nullable().optional(),
  products: relatedToMany('products', 100).optional(),
  starts_at: isoTime.nullable().optional(),
  ends_at: isoTime.nullable().optional(),
  max_redemptions: z.number().int().positive().max(1_000_000).nullable().optional(),
  max_per_account: z.number().int().positive().max(1000).nullable().optional(),
  first_period_only: z.boolean().optional(),
});

const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('enrol'), course_ids: z.array(idReference).min(1).max(50) }),
  z.object({ type: z.literal('extend_plan'), product_id: idReference }),
  z.object({ type: z.literal('set_primary_coach'), coach_id: idReference }),
  z.object({ type: z.literal('add_role'), role: z.enum([ROLES.student, ROLES.coach]) }),
  z.object({
    type: z.literal('send_mail'),
    subject: z.string().trim().min(1).max(200),
    text: z.string().trim().min(1).max(5000),
  }),
]);

const automationBody = z.object({
  name: z.string().trim().min(1).max(200),
  product: relatedTo('products'),
  active: z.boolean().optional(),
  actions: z.array(actionSchema).min(1).max(20),
});

async function promotionsDocument(db: Executor, rows: PromotionRow[], single: boolean) {
  const products = await productsOfPromotions(
    db,
    rows.map((row) => row.id),
  );
  const data = rows.map((row) => presentPromotion(row, products.get(row.id) ?? []));
  return single
    ? buildDocument(data[0]!)
    : buildDocument(data, {
        meta: onePageMeta(data.length),
      });
}

function promotionInput(body: z.output<typeof promotionBody>) {
  return {
    code: body.code,
    description: body.description ?? null,
    kind: body.kind,
    value: body.value,
    currency: body.currency || null,
    product_ids: body.products ?? [],
    starts_at: body.starts_at ? new Date(body.starts_at).toISOString() : null,
    ends_at: body.ends_at ? new Date(body.ends_at).toISOString() : null,
    max_redemptions: body.max_redemptions ?? null,
    max_per_account: body.max_per_account ?? null,
    first_period_only: body.first_period_only ?? false,
  };
}

export const adminCommerceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/subscriptions',
    summary: 'My subscriptions, newest first, with the plan each runs on',
    tags: ['commerce'],
    permission: 'signed-in',
    response: listDocument(subscriptionResource),
    query: z.object(listQueryShape),
    async handler({ services, portal, account }) {
      const rows = await subscriptionsOf(services.db, portal.id, account.id);
      const products = await productsByIds(
        services.db,
        portal.id,
        rows.map((row) => row.product_id).filter((id): id is number => id !== null),
      );
      const data = rows.map((row) =>
        presentSubscription(
          row,
          products.find((product) => product.id === row.product_id),
        ),
      );
      return buildDocument(data, {
        meta: onePageMeta(data.length),
      });
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/subscriptions/:subscription',
    summary:
      'Cancel (cancelled: true — it runs to the end of the period) or resume (cancelled: false) my subscription',
    tags: ['commerce'],
    permission: 'signed-in',
    response: resourceDocument(subscriptionResource),
    params: z.object({ subscription: idParam }),
    resourceType: 'subscriptions',
    body: z.object({ cancelled: z.boolean() }),
    async handler({ services, portal, account, params, body }) {
      const subscription = await findSubscription(services.db, portal.id, params.subscription);
      if (subscription.account_id !== account.id) throw ApiError.notFound('subscription');
      const updated = await setCancelled(services.db, portal.id, subscription.id, body.cancelled);
      const products = await productsByIds(
        services.db,
        portal.id,
        updated.product_id === null ? [] : [updated.product_id],
      );
      return buildDocument(presentSubscription(updated, products[0]));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/promotions',
    summary: 'The promotions of the portal, newest first (sales staff)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: listDocument(promotionResource),
    query: z.object(listQueryShape),
    async handler({ services, portal }) {
      return promotionsDocument(services.db, await listPromotions(services.db, portal.id), false);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/promotions',
    summary:
      'Create a promotion code: percentage or fixed (cents), all products or product_ids, validity window, redemption limits, first period only',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(promotionResource),
    status: 201,
    resourceType: 'promotions',
    body: promotionBody,
    async handler({ services, portal, body, pointer }) {
      const row = await savePromotion(
        services.db,
        portal.id,
        null,
        promotionInput(body),
        pointer,
        commerceSettings(portal).currency,
      );
      return promotionsDocument(services.db, [row], true);
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/promotions/:promotion',
    summary: 'Change a promotion (all attributes, as for create)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(promotionResource),
    params: z.object({ promotion: idParam }),
    resourceType: 'promotions',
    body: promotionBody,
    async handler({ services, portal, params, body, pointer }) {
      const existing = await findPromotion(services.db, portal.id, params.promotion);
      const row = await savePromotion(
        services.db,
        portal.id,
        existing,
        promotionInput(body),
        pointer,
        commerceSettings(portal).currency,
      );
      return promotionsDocument(services.db, [row], true);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/promotions/:promotion',
    summary: 'Delete a promotion (orders keep the code they used)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: deletedDocument,
    params: z.object({ promotion: idParam }),
    async handler({ services, portal, params }) {
      await deletePromotion(services.db, await findPromotion(services.db, portal.id, params.promotion));
      return { meta: { deleted: true } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/order_automations',
    summary: 'Order automations: when an order for a product is paid, run its actions',
    tags: ['commerce'],
    permission: 'manage:portal-settings',
    response: listDocument(orderAutomationResource),
    query: z.object(listQueryShape),
    async handler({ services, portal }) {
      const rows = await listAutomations(services.db, portal.id);
      const data = rows.map((row) =>
        presentAutomation(row, parseActions(row.actions) as Array<Record<string, unknown>>),
      );
      return buildDocument(data, {
        meta: onePageMeta(data.length),
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/order_automations',
    summary:
      'Create an order automation: product_id and actions (enrol, extend_plan, set_primary_coach, add_role, send_mail)',
    tags: ['commerce'],
    permission: 'manage:portal-settings',
    response: resourceDocument(orderAutomationResource),
    status: 201,
    resourceType: 'order_automations',
    body: automationBody,
    async handler({ services, portal, body, pointer }) {
      await checkAutomation(services.db, portal.id, body, pointer);
      const row = await createAutomation(services.db, portal.id, body);
      return buildDocument(presentAutomation(row, body.actions));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/order_automations/:order_automation',
    summary: 'Change an order automation (all attributes, as for create)',
    tags: ['commerce'],
    permission: 'manage:portal-settings',
    response: resourceDocument(orderAutomationResource),
    params: z.object({ order_automation: idParam }),
    resourceType: 'order_automations',
    body: automationBody,
    async handler({ services, portal, params, body, pointer }) {
      const automation = await findAutomation(services.db, portal.id, params.order_automation);
      await checkAutomation(services.db, portal.id, body, pointer);
      const row = await updateAutomation(services.db, automation, body);
      return buildDocument(presentAutomation(row, body.actions));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/order_automations/:order_automation',
    summary: 'Delete an order automation and its run log',
    tags: ['commerce'],
    permission: 'manage:portal-settings',
    response: deletedDocument,
    params: z.object({ order_automation: idParam }),
    async handler({ services, portal, params }) {
      await deleteAutomation(
        services.db,
        await findAutomation(services.db, portal.id, params.order_automation),
      );
      return { meta: { deleted: true } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/automation_runs',
    summary: 'The log of order automation runs with their outcome, newest first (filter[order_automation])',
    tags: ['commerce'],
    permission: 'manage:portal-settings',
    response: listDocument(automationRunResource),
    query: z.object({ ...listQueryShape, 'filter[order_automation]': idListFilter.optional() }),
    async handler({ services, portal, query }) {
      const runs = await listAutomationRuns(
        services.db,
        portal.id,
        query['filter[order_automation]'],
        pageFrom(query),
      );
      return buildDocument(runs.rows.map(presentAutomationRun), { meta: runs.meta });
    },
  }),
];
