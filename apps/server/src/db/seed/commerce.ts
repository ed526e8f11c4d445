import { invoiceNumber, orderTotals, periodEnd } from '@leerpad/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import { ACADEMY_COURSES, ACADEMY_PRODUCTS } from './academy-titles';

type Trx = Transaction<Database> | Kysely<Database>;

export interface CommerceSeedIds {
  academy: number;
  second: number;
  student: number;
  classmate: number;
  unsubscribed: number;
  admin: number;
  secondStudent: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface PortalShop {
  portalId: number;
  seller: { name: string; address: string; country: string; vat_id: string; email: string };
  products: Array<{
    name: string;
    description: string;
    kind: 'plan' | 'course';
    interval?: 'month' | 'year';
    price: number;
    vat: number;
    course?: string;
  }>;
  catalog: { name: string; description: string };
  promotion: string;
}

/**
 * Demo shop: per portal a sales catalog with a monthly plan, a yearly plan and two single courses;
 * promotion WELCOME10; an automation that enrols the buyers of the first single course; on Leerpad
 * Academy 60 orders over the last twelve months in several states with their invoices, and one
 * active and one cancelled subscription.
 */
export async function seedCommerce(trx: Trx, ids: CommerceSeedIds): Promise<void> {
  const now = new Date();
  const stamp = now.toISOString();
  const shops: PortalShop[] = [
    {
      portalId: ids.academy,
      seller: {
        name: 'Leerpad Academy B.V.',
        address: 'Stationsplein 1, 3511 ED Utrecht',
        country: 'NL',
        vat_id: 'NL123456789B01',
        email: 'facturen@leerpad.test',
      },
      products: [
        {
          name: 'Maandabonnement',
          description: 'Alle cursussen, per maand opzegbaar.',
          kind: 'plan',
          interval: 'month',
          price: 1999,
          vat: 21,
        },
        {
          name: 'Jaarabonnement',
          description: 'Alle cursussen voor een jaar, twee maanden gratis.',
          kind: 'plan',
          interval: 'year',
          price: 19900,
          vat: 21,
        },
        {
          name: ACADEMY_PRODUCTS.sample,
          description: 'Deze cursus los gekocht, zonder abonnement.',
          kind: 'course',
          price: 4900,
          vat: 21,
          course: ACADEMY_COURSES.sample,
        },
        {
          name: ACADEMY_PRODUCTS.firstAid,
          description: 'Deze cursus los gekocht, zonder abonnement.',
          kind: 'course',
          price: 3900,
          vat: 9,
          course: ACADEMY_COURSES.firstAid,
        },
      ],
      catalog: { name: 'Prijzen', description: 'Kies een abonnement of koop een losse cursus.' },
      promotion: 'Welkomstkorting: 10% op je eerste bestelling',
    },
    {
      portalId: ids.second,
      seller: {
        name: 'Second Portal Ltd.',
        address: '1 Example Street, Dublin',
        country: 'IE',
        vat_id: 'IE1234567T',
        email: 'billing@second.test',
      },
      products: [
        {
          name: 'Monthly plan',
          description: 'Every course, cancel any month.',
          kind: 'plan',
          interval: 'month',
          price: 1500,
          vat: 21,
        },
        {
          name: 'Yearly plan',
          description: 'Every course for a year.',
          kind: 'plan',
          interval: 'year',
          price: 15000,
          vat: 21,
        },
        {
          name: 'Course: Getting started',
          description: 'Find your way around.',
          kind: 'course',
          price: 1900,
          vat: 21,
          course: 'Getting started',
        },
        {
          name: 'Course: Data protection basics',
          description: 'Handle personal data with care.',
          kind: 'course',
          price: 2900,
          vat: 21,
          course: 'Data protection basics',
        },
      ],
      catalog: { name: 'Pricing', description: 'Choose a plan or buy a single course.' },
      promotion: 'Welcome: 10% off your first order',
    },
  ];

  const productIds = new Map<number, number[]>();
  for (const shop of shops) {
    await trx
      .insertInto('portal_parameters')
      .values({
        portal_id: shop.portalId,
        type: 'commerce',
        data: JSON.stringify({ currency: 'EUR', payment_provider: 'test', seller: shop.seller }),
      })
      .execute();
    const shopProducts: number[] = [];
    for (const product of shop.products) {
      const { id } = await trx
        .insertInto('products')
        .values({
          portal_id: shop.portalId,
          name: product.name,
          description: product.description,
          kind: product.kind,
          plan_interval: product.interval ?? null,
          price_cents: product.price,
          currency: 'EUR',
          vat_rate: product.vat,
          active: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      shopProducts.push(id);
      if (product.course) {
        const course = await trx
          .selectFrom('courses')
          .select('id')
          .where('portal_id', '=', shop.portalId)
          .where('title', '=', product.course)
          .executeTakeFirst();
        if (course)
          await trx.insertInto('product_courses').values({ product_id: id, course_id: course.id }).execute();
      }
    }
    productIds.set(shop.portalId, shopProducts);
    const { id: catalog } = await trx
      .insertInto('sales_catalogs')
      .values({
        portal_id: shop.portalId,
        ...shop.catalog,
        shown_to_students: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sales_catalog_products')
      .values(shopProducts.map((product_id, position) => ({ catalog_id: catalog, product_id, position })))
      .execute();
    await trx
      .insertInto('promotions')
      .values({
        portal_id: shop.portalId,
        code: 'WELCOME10',
        description: shop.promotion,
        kind: 'percentage',
        value: 10,
        currency: null,
        all_products: 1,
        starts_at: null,
        ends_at: null,
        max_redemptions: null,
        max_per_account: 1,
        first_period_only: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const liftingCourse = shop.products[2]!.course;
    const course = await trx
      .selectFrom('courses')
      .select('id')
      .where('portal_id', '=', shop.portalId)
      .where('title', '=', liftingCourse ?? '')
      .executeTakeFirst();
    const lifting = await trx
      .selectFrom('courses')
      .select('id')
      .where('portal_id', '=', ids.academy)
      .where('title', '=', ACADEMY_COURSES.sample)
      .executeTakeFirst();
    if (shop.portalId === ids.academy && lifting) {
      await trx
        .insertInto('order_automations')
        .values({
          portal_id: shop.portalId,
          name: `Kopers van „${ACADEMY_COURSES.sample}” inschrijven`,
          product_id: shopProducts[2]!,
          actions: JSON.stringify([{ type: 'enrol', course_ids: [lifting.id] }]),
          active: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    } else if (course) {
      await trx
        .insertInto('order_automations')
        .values({
          portal_id: shop.portalId,
          name: `Enrol buyers of ${liftingCourse}`,
          product_id: shopProducts[2]!,
          actions: JSON.stringify([{ type: 'enrol', course_ids: [course.id] }]),
          active: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
  }

  // Sixty orders on Leerpad Academy over the last twelve months, oldest first so numbers follow dates.
  const academyShop = shops[0]!;
  const products = productIds.get(ids.academy)!;
  const buyers = await trx
    .selectFrom('accounts')
    .select(['id', 'full_name', 'email'])
    .where('portal_id', '=', ids.academy)
    .where('id', 'in', [ids.student, ids.classmate, ids.admin])
    .execute();
  const byId = new Map(buyers.map((buyer) => [buyer.id, buyer]));
  const states = [
    'paid',
    'paid',
    'paid',
    'paid',
    'paid',
    'refunded',
    'partially_refunded',
    'failed',
    'expired',
    'paid',
  ];
  const counters = new Map<number, number>();
  for (let index = 0; index < 60; index += 1) {
    const created = new Date(now.getTime() - (360 - index * 6) * DAY_MS - 3 * 60 * 60 * 1000);
    // The newest order is a paid monthly plan of the demo student: the one their subscription runs on.
    const last = index === 59;
    const state = last ? 'paid' : states[index % states.length]!;
    const buyerId = last ? ids.student : [ids.student, ids.classmate, ids.admin][index % 3]!;
    const buyer = byId.get(buyerId)!;
    const productIndex = last ? 0 : index % 4;
    const product = academyShop.products[productIndex]!;
    const totals = orderTotals(
      [
        {
          productId: products[productIndex]!,
          unitPriceCents: product.price,
          quantity: 1,
          vatRate: product.vat,
          discountable: true,
        },
      ],
      index % 7 === 0 ? { kind: 'percentage', value: 10 } : null,
    );
    const refunded =
      state === 'refunded'
        ? totals.totalCents
        : state === 'partially_refunded'
          ? Math.floor(totals.totalCents / 2)
          : 0;
    const createdAt = created.toISOString();
    const paidAt = ['paid', 'refunded', 'partially_refunded'].includes(state)
      ? new Date(created.getTime() + 5 * 60 * 1000).toISOString()
      : null;
    const { id: orderId } = await trx
      .insertInto('orders')
      .values({
        portal_id: ids.academy,
        account_id: buyer.id,
        state,
        payment_method: 'checkout',
        currency: 'EUR',
        subtotal_cents: totals.subtotalCents,
        discount_cents: totals.discountCents,
        vat_cents: totals.vatCents,
        total_cents: totals.totalCents,
        refunded_cents: refunded,
        promotion_id: null,
        promotion_code: index % 7 === 0 ? 'WELCOME10' : null,
        buyer_name: buyer.full_name,
        buyer_email: buyer.email,
        buyer_country: 'NL',
        buyer_vat_id: null,
        reverse_charge: 0,
        idempotency_key: null,
        created_by: buyer.id,
        paid_at: paidAt,
        fulfilled_at: paidAt,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = totals.lines[0]!;
    await trx
      .insertInto('order_lines')
      .values({
        portal_id: ids.academy,
        order_id: orderId,
        product_id: products[productIndex]!,
        description: product.name,
        quantity: 1,
        unit_price_cents: product.price,
        discount_cents: line.discountCents,
        net_cents: line.netCents,
        vat_rate: line.vatRate,
        vat_cents: line.vatCents,
        total_cents: line.totalCents,
      })
      .execute();
    await trx
      .insertInto('payments')
      .values({
        portal_id: ids.academy,
        order_id: orderId,
        provider: 'test',
        state: paidAt ? 'paid' : state === 'failed' ? 'failed' : 'expired',
        amount_cents: totals.totalCents,
        currency: 'EUR',
        created_at: createdAt,
        updated_at: paidAt ?? createdAt,
      })
      .execute();
    const invoiceLines = (sign: number, cents: number, vat: number) =>
      JSON.stringify([
        {
          description: product.name,
          quantity: 1,
          unit_price_cents: sign * (cents - vat),
          discount_cents: sign > 0 ? line.discountCents : 0,
          net_cents: sign * (cents - vat),
          vat_rate: line.vatRate,
          vat_cents: sign * vat,
          total_cents: sign * cents,
        },
      ]);
    const issue = async (kind: 'invoice' | 'credit_note', cents: number, vat: number, at: string) => {
      const year = new Date(at).getUTCFullYear();
      const sequence = (counters.get(year) ?? 0) + 1;
      counters.set(year, sequence);
      const sign = kind === 'invoice' ? 1 : -1;
      await trx
        .insertInto('invoices')
        .values({
          portal_id: ids.academy,
          order_id: orderId,
          account_id: buyer.id,
          kind,
          year,
          sequence,
          number: invoiceNumber(year, sequence),
          currency: 'EUR',
          subtotal_cents: sign * (cents - vat),
          vat_cents: sign * vat,
          total_cents: sign * cents,
          reverse_charge: 0,
          seller: JSON.stringify({
            name: academyShop.seller.name,
            address: academyShop.seller.address,
            country: academyShop.seller.country,
            vatId: academyShop.seller.vat_id,
            email: academyShop.seller.email,
          }),
          buyer: JSON.stringify({ name: buyer.full_name, email: buyer.email, country: 'NL', vat_id: null }),
          lines: invoiceLines(sign, cents, vat),
          issued_at: at,
        })
        .execute();
    };
    if (paidAt) {
      await issue('invoice', totals.totalCents, totals.vatCents, paidAt);
      if (refunded > 0) {
        const refundedVat = Math.round((refunded * totals.vatCents) / totals.totalCents);
        await issue(
          'credit_note',
          refunded,
          refundedVat,
          new Date(created.getTime() + 2 * DAY_MS).toISOString(),
        );
      }
    }
    if (last) {
      await trx
        .updateTable('subscriptions')
        .set({
          state: 'active',
          is_active: 1,
          product_id: products[0]!,
          order_id: orderId,
          ends_at: periodEnd(created, 'month').toISOString(),
        })
        .where('portal_id', '=', ids.academy)
        .where('account_id', '=', ids.student)
        .execute();
    }
  }
  for (const [year, last] of counters) {
    await trx
      .insertInto('invoice_counters')
      .values({ portal_id: ids.academy, year, last_number: last })
      .execute();
  }
  // The classmate cancelled: access runs to the end of the paid year.
  await trx
    .updateTable('subscriptions')
    .set({
      state: 'cancelled',
      is_active: 1,
      product_id: products[1]!,
      ends_at: new Date(now.getTime() + 120 * DAY_MS).toISOString(),
    })
    .where('portal_id', '=', ids.academy)
    .where('account_id', '=', ids.classmate)
    .execute();
}
