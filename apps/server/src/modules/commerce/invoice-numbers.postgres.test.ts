import { afterAll, beforeAll, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_COURSES, ACADEMY_PRODUCTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
});
afterAll(() => t.close());

it('numbers invoices without repeats or gaps when 24 payments arrive at once, each twice', async () => {
  const cookie = await t.login('nosub-student@leerpad.test');
  const product = await t.services.db
    .selectFrom('products')
    .select('id')
    .where('name', '=', ACADEMY_PRODUCTS.firstAid)
    .executeTakeFirstOrThrow();
  const before = await t.services.db
    .selectFrom('invoices')
    .innerJoin('portal_domains', 'portal_domains.portal_id', 'invoices.portal_id')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .where('portal_domains.domain', '=', 'localhost')
    .where('year', '=', new Date().getUTCFullYear())
    .executeTakeFirstOrThrow();
  const payments: string[] = [];
  for (let index = 0; index < 24; index += 1) {
    const { body } = await r.post('/api/v1/orders', cookie, {
      data: {
        type: 'orders',
        relationships: { products: { data: [{ type: 'products', id: String(product.id) }] } },
      },
    });
    payments.push(body.included.find((item: { type: string }) => item.type === 'payments').id);
  }
  const outcomes = await Promise.all(
    [...payments, ...payments].map((id) =>
      r.post(`/api/v1/payments/${id}/test_outcome`, cookie, { outcome: 'paid' }),
    ),
  );
  expect(outcomes.every((outcome) => outcome.status === 200)).toBe(true);
  const invoices = await t.services.db
    .selectFrom('invoices')
    .innerJoin('portal_domains', 'portal_domains.portal_id', 'invoices.portal_id')
    .select(['invoices.sequence', 'invoices.order_id'])
    .where('portal_domains.domain', '=', 'localhost')
    .where('year', '=', new Date().getUTCFullYear())
    .orderBy('sequence')
    .execute();
  const first = Number(before.last ?? 0);
  const fresh = invoices.filter((invoice) => invoice.sequence > first);
  expect(fresh.map((invoice) => invoice.sequence)).toEqual(
    Array.from({ length: 24 }, (_, i) => first + i + 1),
  );
  // One invoice per order: the second outcome of each payment changed nothing.
  expect(new Set(fresh.map((invoice) => invoice.order_id)).size).toBe(24);
  // Enrolled once, whatever the number of paid orders for the same course.
  const enrollments = await t.services.db
    .selectFrom('enrollments')
    .innerJoin('accounts', 'accounts.id', 'enrollments.account_id')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select('enrollments.id')
    .where('accounts.email', '=', 'nosub-student@leerpad.test')
    .where('courses.title', '=', ACADEMY_COURSES.firstAid)
    .execute();
  expect(enrollments.length).toBeLessThanOrEqual(1);
}, 60_000);
