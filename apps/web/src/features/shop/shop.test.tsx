import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/client';
import { loadEnglish, meFixture, mockApi, portalFixture, renderWithProviders } from '../../test/render';
import { checkoutErrors, CheckoutPage } from './pages/checkout-page';
import { OrderPage } from './pages/order-page';
import { OrdersPage } from './pages/orders-page';
import { PricingPage } from './pages/pricing-page';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

describe('checkout form errors', () => {
  it('puts a refused promotion code under the code field', () => {
    const error = new ApiError(422, [
      {
        status: '422',
        code: 'PROMOTION_NOT_USABLE',
        title: 'Invalid',
        detail: 'This promotion code has expired.',
        source: { pointer: '/data/attributes/promotion_code' },
        meta: { rule: 'expired' },
      },
    ]);
    const errors = checkoutErrors(error, 'fallback');
    expect(Object.keys(errors.fields)).toEqual(['promotionCode']);
    expect(errors.fields.promotionCode).toBeTruthy();
    expect(errors.general).toEqual([]);
  });

  it('shows an unknown product or any other refusal above the form', () => {
    const error = new ApiError(422, [
      {
        status: '422',
        code: 'VALIDATION_ERROR',
        title: 'Invalid',
        detail: 'This product does not exist.',
        source: { pointer: '/data/relationships/products/data/0/id' },
      },
    ]);
    const errors = checkoutErrors(error, 'fallback');
    expect(errors.fields).toEqual({});
    expect(errors.general).toHaveLength(1);
    expect(checkoutErrors(new Error('offline'), 'fallback').general).toEqual(['fallback']);
  });
});

const stamp = '2026-11-20T10:00:00.000Z';
const product = {
  type: 'products',
  id: '1',
  attributes: {
    name: 'Monthly plan',
    description: null,
    kind: 'plan',
    plan_interval: 'month',
    price_cents: 1999,
    currency: 'EUR',
    vat_rate: 21,
    vat_cents: 420,
    price_with_vat_cents: 2419,
    active: true,
    created_at: stamp,
    updated_at: stamp,
  },
  relationships: { courses: { data: [] } },
};
const catalog = {
  data: {
    type: 'sales_catalogs',
    id: '1',
    attributes: {
      name: 'Pricing',
      description: null,
      shown_to_students: true,
      created_at: stamp,
      updated_at: stamp,
    },
    relationships: { products: { data: [{ type: 'products', id: '1' }] } },
  },
  included: [product],
};
const quote = (discount: number) => ({
  meta: {
    currency: 'EUR',
    subtotal_cents: 1999,
    discount_cents: discount,
    vat_cents: discount ? 378 : 420,
    total_cents: discount ? 2177 : 2419,
    reverse_charge: false,
    vat_by_rate: [],
  },
});

describe('the checkout', () => {
  it('shows a refused code under its field, applies a good one and orders with an Idempotency-Key', async () => {
    const { calls } = mockApi(({ method, url, body }) => {
      if (url.pathname === '/api/v1/sales_catalogs/current') return { body: catalog };
      if (url.pathname === '/api/v1/orders/quote') {
        const code = (body as { data: { attributes: { promotion_code: string | null } } }).data.attributes
          .promotion_code;
        if (code === 'OLD')
          return {
            status: 422,
            body: {
              errors: [
                {
                  status: '422',
                  code: 'PROMOTION_NOT_USABLE',
                  title: 'Invalid',
                  detail: 'This promotion code has expired.',
                  source: { pointer: '/data/attributes/promotion_code' },
                  meta: { rule: 'expired' },
                },
              ],
            },
          };
        return { body: quote(code ? 200 : 0) };
      }
      if (method === 'POST' && url.pathname === '/api/v1/orders') return { status: 503 };
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/account/orders/checkout/:productId" element={<CheckoutPage />} />
      </Routes>,
      { route: '/account/orders/checkout/1', me: meFixture() },
    );
    expect(await screen.findByText('€24.19', { selector: '[data-total="total"] dd' })).toBeInTheDocument();

    const code = screen.getByLabelText('Promotion code (optional)');
    await userEvent.type(code, 'OLD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('This promotion code has expired.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, 'WELCOME10');
    expect(code).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('-€2.00')).toBeInTheDocument();
    expect(screen.getByText('€3.78')).toBeInTheDocument();

    // The server does not answer: the next attempt is a new one, with a new key.
    const pay = screen.getByRole('button', { name: 'Order and pay €21.77' });
    await userEvent.click(pay);
    await screen.findByRole('alert');
    await userEvent.click(pay);
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === '/api/v1/orders')).toHaveLength(2),
    );
    const orders = calls.filter((call) => call.url.pathname === '/api/v1/orders');
    const keys = orders.map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(orders[0]!.body).toEqual({
      data: {
        type: 'orders',
        attributes: { promotion_code: 'WELCOME10' },
        relationships: { products: { data: [{ type: 'products', id: '1' }] } },
      },
    });
  });
});

describe('/account/orders', () => {
  it('shows the plan, the orders with their lines and the invoices with PDF links', async () => {
    mockApi(({ url }) => {
      if (url.pathname === '/api/v1/subscriptions')
        return {
          body: {
            data: [
              {
                type: 'subscriptions',
                id: '4',
                attributes: {
                  state: 'active',
                  is_active: true,
                  starts_at: stamp,
                  ends_at: '2026-12-20T10:00:00.000Z',
                  renews: true,
                  plan_name: 'Monthly plan',
                  plan_interval: 'month',
                  price_cents: 1999,
                  currency: 'EUR',
                },
                relationships: { product: { data: { type: 'products', id: '1' } } },
              },
            ],
          },
        };
      if (url.pathname === '/api/v1/orders')
        return {
          body: {
            data: [
              {
                type: 'orders',
                id: '61',
                attributes: {
                  state: 'paid',
                  payment_method: 'checkout',
                  currency: 'EUR',
                  subtotal_cents: 1999,
                  discount_cents: 200,
                  vat_cents: 378,
                  total_cents: 2177,
                  refunded_cents: 0,
                  promotion_code: 'WELCOME10',
                  buyer_name: 'Nina',
                  buyer_email: 'nina@example.test',
                  buyer_country: null,
                  buyer_vat_id: null,
                  reverse_charge: false,
                  paid_at: stamp,
                  fulfilled_at: stamp,
                  created_at: stamp,
                  updated_at: stamp,
                  order_lines: [
                    {
                      product_id: '1',
                      description: 'Monthly plan',
                      quantity: 1,
                      unit_price_cents: 1999,
                      discount_cents: 200,
                      net_cents: 1799,
                      vat_rate: 21,
                      vat_cents: 378,
                      total_cents: 2177,
                    },
                  ],
                },
                relationships: {
                  account: { data: { type: 'accounts', id: '9' } },
                  payments: { data: [] },
                  invoices: { data: [] },
                  order_lines: { data: [{ type: 'order_lines', id: '88' }] },
                },
                meta: { abilities: { pay: false, refund: false, mark_paid: false } },
              },
            ],
            meta: { total: 1 },
          },
        };
      if (url.pathname === '/api/v1/invoices')
        return {
          body: {
            data: [
              {
                type: 'invoices',
                id: '70',
                attributes: {
                  number: '2026-000061',
                  kind: 'invoice',
                  currency: 'EUR',
                  subtotal_cents: 1799,
                  vat_cents: 378,
                  total_cents: 2177,
                  reverse_charge: false,
                  issued_at: stamp,
                  pdf_url: '/api/v1/invoices/70/pdf',
                },
                relationships: { order: { data: { type: 'orders', id: '61' } }, account: { data: null } },
              },
            ],
            meta: { total: 1 },
          },
        };
      return undefined;
    });
    renderWithProviders(<OrdersPage />, { route: '/account/orders', me: meFixture() });
    expect(await screen.findByText('Renews on December 20, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    const row = await screen.findByTestId('order-row');
    // The lines come from the attributes, though a relationship of the same name exists.
    expect(row).toHaveTextContent('Monthly plan');
    expect(row).toHaveTextContent('€21.77');
    expect(screen.getByRole('link', { name: 'Download PDF 2026-000061' })).toHaveAttribute(
      'href',
      '/api/v1/invoices/70/pdf',
    );
  });
});

const used = {
  status: 422,
  body: {
    errors: [
      {
        status: '422',
        code: 'PROMOTION_NOT_USABLE',
        title: 'Invalid',
        detail: 'This promotion code has been used up.',
        source: { pointer: '/data/attributes/promotion_code' },
        meta: { rule: 'used_up' },
      },
    ],
  },
};

describe('a promotion code that runs out', () => {
  it('shows the full totals at the checkout when the code was taken before the order was placed', async () => {
    mockApi(({ method, url, body }) => {
      if (url.pathname === '/api/v1/sales_catalogs/current') return { body: catalog };
      if (url.pathname === '/api/v1/orders/quote') {
        const code = (body as { data: { attributes: { promotion_code?: string | null } } }).data.attributes
          .promotion_code;
        return { body: quote(code ? 200 : 0) };
      }
      if (method === 'POST' && url.pathname === '/api/v1/orders') return used;
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/account/orders/checkout/:productId" element={<CheckoutPage />} />
      </Routes>,
      { route: '/account/orders/checkout/1', me: meFixture() },
    );
    const code = await screen.findByLabelText('Promotion code (optional)');
    await userEvent.type(code, 'LASTONE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Order and pay €21.77' }));
    expect(await screen.findByText('This promotion code has been used up.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The code was no longer available; the totals are now without it. Clear the code to order at this price.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('€24.19', { selector: '[data-total="total"] dd' })).toBeInTheDocument();
    await userEvent.clear(code);
    expect(screen.getByRole('button', { name: 'Order and pay €24.19' })).toBeEnabled();
  });

  it('tells the buyer on the order page, before paying again, that the code is gone and the order costs more', async () => {
    let retried = false;
    const orderDocument = () => ({
      data: {
        type: 'orders',
        id: '61',
        attributes: {
          state: retried ? 'pending' : 'expired',
          payment_method: 'checkout',
          currency: 'EUR',
          subtotal_cents: 1999,
          discount_cents: retried ? 0 : 200,
          vat_cents: retried ? 420 : 378,
          total_cents: retried ? 2419 : 2177,
          refunded_cents: 0,
          promotion_code: 'LASTONE',
          promotion_status: retried ? 'withdrawn' : 'released',
          buyer_name: 'Nina',
          buyer_email: 'nina@example.test',
          buyer_country: null,
          buyer_vat_id: null,
          reverse_charge: false,
          paid_at: null,
          fulfilled_at: null,
          created_at: stamp,
          updated_at: stamp,
          order_lines: [],
        },
        relationships: {
          account: { data: { type: 'accounts', id: '9' } },
          payments: { data: retried ? [{ type: 'payments', id: '8' }] : [] },
          invoices: { data: [] },
          order_lines: { data: [] },
        },
        meta: { abilities: { pay: !retried, refund: false, mark_paid: false } },
      },
      included: retried ? [payment] : [],
    });
    const payment = {
      type: 'payments',
      id: '8',
      attributes: {
        provider: 'test',
        state: 'open',
        amount_cents: 2419,
        currency: 'EUR',
        checkout_url: '/checkout/test/8',
        created_at: stamp,
        updated_at: stamp,
      },
      relationships: { order: { data: { type: 'orders', id: '61' } } },
    };
    mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/orders/61') return { body: orderDocument() };
      if (method === 'POST' && url.pathname === '/api/v1/orders/61/payments') {
        retried = true;
        return { status: 201, body: { data: payment } };
      }
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/account/orders/:orderId" element={<OrderPage />} />
        <Route path="/checkout/test/:paymentId" element={<p>test checkout</p>} />
      </Routes>,
      { route: '/account/orders/61', me: meFixture() },
    );
    expect(await screen.findByTestId('promotion-note')).toHaveTextContent(
      'Promotion code LASTONE is no longer held for this order.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'Promotion code LASTONE was no longer available, so this order is at the full price.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
      'href',
      '/checkout/test/8',
    );
    expect(screen.queryByText('test checkout')).not.toBeInTheDocument();
    expect(screen.getByText('€24.19', { selector: '[data-total="total"] dd' })).toBeInTheDocument();
  });
});

describe('the pricing page', () => {
  it('says plainly that a portal without a price list has none, without asking for one', async () => {
    const { calls } = mockApi(() => undefined);
    renderWithProviders(<PricingPage />, {
      me: meFixture(),
      portal: { ...portalFixture, hasPriceList: false },
      route: '/account/orders/pricing',
    });
    expect(await screen.findByText('This academy has no price list')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.includes('sales_catalogs'))).toEqual([]);
  });
});
