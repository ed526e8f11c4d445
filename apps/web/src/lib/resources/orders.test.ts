import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/render';
import { orderExportHref, orderListQuery, orderQuery } from './orders';

afterEach(() => vi.unstubAllGlobals());

const line = {
  product_id: '3',
  description: 'Cursus: Safe lifting at work',
  quantity: 1,
  unit_price_cents: 4900,
  discount_cents: 0,
  net_cents: 4900,
  vat_rate: 21,
  vat_cents: 1029,
  total_cents: 5929,
};

const order = (id: string) => ({
  type: 'orders',
  id,
  attributes: { state: 'paid', currency: 'EUR', total_cents: 5929, order_lines: [line] },
  relationships: {
    account: { data: { type: 'accounts', id: '7' } },
    payments: { data: [{ type: 'payments', id: '11' }] },
    invoices: { data: [] },
    order_lines: { data: [{ type: 'order_lines', id: '21' }] },
  },
  meta: { abilities: { pay: false, refund: true, mark_paid: false } },
});

describe('orders', () => {
  it('keeps the order lines of the attribute, not the ids of the relationship of the same name', async () => {
    mockApi(() => ({
      body: {
        data: order('5'),
        included: [
          {
            type: 'payments',
            id: '11',
            attributes: { state: 'paid', amount_cents: 5929, currency: 'EUR', checkout_url: null },
          },
        ],
      },
    }));
    const result = await new QueryClient().fetchQuery(orderQuery('5'));
    expect(result.orderLines).toEqual([
      {
        productId: '3',
        description: 'Cursus: Safe lifting at work',
        quantity: 1,
        unitPriceCents: 4900,
        discountCents: 0,
        netCents: 4900,
        vatRate: 21,
        vatCents: 1029,
        totalCents: 5929,
      },
    ]);
    expect(result.payments[0]).toMatchObject({ id: '11', amountCents: 5929 });
    expect(result.meta.abilities).toEqual({ pay: false, refund: true, markPaid: false });
  });

  it('reads a page of orders with filters, sort and its total', async () => {
    const { calls } = mockApi(() => ({
      body: { data: [order('5'), order('4')], meta: { total: 60, last_page: 3 } },
    }));
    const page = await new QueryClient().fetchQuery(
      orderListQuery({ filter: { state: 'paid' }, sort: '-total_cents', page: 2, size: 25 }),
    );
    expect(decodeURIComponent(calls[0]?.url.search ?? '')).toBe(
      '?filter[state]=paid&sort=-total_cents&page[number]=2&page[size]=25',
    );
    expect(page.total).toBe(60);
    expect(page.items.map((item) => item.orderLines.length)).toEqual([1, 1]);
  });

  it('exports the list as filtered', () => {
    expect(orderExportHref({ state: 'refunded', search: '' })).toBe(
      '/api/v1/orders/export?filter%5Bstate%5D=refunded',
    );
  });
});
