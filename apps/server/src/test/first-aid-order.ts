import { ACADEMY_PRODUCTS } from '../db/seed/academy-titles';
import type { TestApp } from './test-app';

/** "Basiskennis eerste hulp": 39.00 at 9% VAT. In full 39.00 + 3.51 = 42.51; with 10% off 35.10 + 3.16 = 38.26. */
export const FIRST_AID_FULL = 4251;
export const FIRST_AID_DISCOUNTED = 3826;

/** The first-aid product of the academy portal (localhost). */
export async function firstAidProduct(t: TestApp): Promise<string> {
  const row = await t.services.db
    .selectFrom('products')
    .innerJoin('portal_domains', 'portal_domains.portal_id', 'products.portal_id')
    .select('products.id')
    .where('products.name', '=', ACADEMY_PRODUCTS.firstAid)
    .where('portal_domains.domain', '=', 'localhost')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** An order of one product, with or without a promotion code, as a JSON:API document. */
export const orderOf = (product: string, code: string | null) => ({
  data: {
    type: 'orders',
    attributes: code ? { promotion_code: code } : {},
    relationships: { products: { data: [{ type: 'products', id: product }] } },
  },
});
