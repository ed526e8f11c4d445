/** What the order and invoice lists read: filters, pages, counts and the accounting export. */
import type { OrderState } from '@leerpad/core';
import { pageMeta, pagedList, type PageRequest, type SortOrder } from '../../db/pages';
import type { Executor, PortalScope } from '../../db/schema';

export interface OrderFilters {
  /** Only this buyer's orders (anyone but sales staff). */
  buyerId?: number;
  accountIds?: number[];
  states?: OrderState[];
  /** Days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  search?: string;
  productIds?: number[];
}

function filteredOrders(db: Executor, scope: PortalScope, filters: OrderFilters) {
  let base = db.selectFrom('orders').where('orders.portal_id', '=', scope);
  if (filters.buyerId !== undefined) base = base.where('orders.account_id', '=', filters.buyerId);
  if (filters.accountIds) base = base.where('orders.account_id', 'in', filters.accountIds);
  if (filters.states) base = base.where('orders.state', 'in', filters.states);
  if (filters.from) base = base.where('orders.created_at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.to) base = base.where('orders.created_at', '<=', `${filters.to}T23:59:59.999Z`);
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['orders.buyer_name']), 'like', pattern),
        eb(eb.fn('lower', ['orders.buyer_email']), 'like', pattern),
      ]),
    );
  }
  const products = filters.productIds;
  if (products) {
    base = base.where('orders.id', 'in', (eb) =>
      eb
        .selectFrom('order_lines')
        .select('order_lines.order_id')
        .where('order_lines.product_id', 'in', products),
    );
  }
  return base;
}

/**
 * How many orders the list has. All orders of the portal, or those in some states, are read from
 * the counts per state the triggers keep (decision 038); any other filter counts the matching rows.
 */
async function orderCount(
  db: Executor,
  scope: PortalScope,
  filters: OrderFilters,
  filtered: ReturnType<typeof filteredOrders>,
): Promise<number> {
  const onlyStates =
    filters.buyerId === undefined &&
    !filters.accountIds &&
    !filters.productIds &&
    !filters.from &&
    !filters.to &&
    !filters.search?.trim();
  if (onlyStates) {
    let counts = db
      .selectFrom('order_state_counts')
      .select((eb) => eb.fn.sum<number | string | null>('total').as('total'))
      .where('portal_id', '=', scope);
    if (filters.states) counts = counts.where('state', 'in', filters.states);
    const row = await counts.executeTakeFirst();
    return Number(row?.total ?? 0);
  }
  const row = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export type OrderSort = SortOrder<'created_at' | 'total_cents'>;

/** A page of orders in the given order (ties broken by id, in the last key's direction) and their count. */
export async function listOrders(
  db: Executor,
  scope: PortalScope,
  filters: OrderFilters,
  sort: OrderSort[],
  page: PageRequest,
) {
  const filtered = filteredOrders(db, scope, filters);
  let ordered = filtered.selectAll('orders');
  for (const item of sort) ordered = ordered.orderBy(`orders.${item.key}`, item.direction);
  const last = sort[sort.length - 1]?.direction ?? 'desc';
  const [rows, total] = await Promise.all([
    ordered.orderBy('orders.id', last).limit(page.size).offset(page.offset).execute(),
    orderCount(db, scope, filters, filtered),
  ]);
  return { rows, total, meta: pageMeta(total, page) };
}

/** The filtered orders for the accounting export, oldest first (at most 100,000). */
export function ordersForExport(db: Executor, scope: PortalScope, filters: OrderFilters) {
  return filteredOrders(db, scope, filters)
    .selectAll('orders')
    .orderBy('orders.created_at', 'asc')
    .orderBy('orders.id', 'asc')
    .limit(100_000)
    .execute();
}

/** Invoices and credit notes, newest first (only `accountId`'s when given). */
export function listInvoices(
  db: Executor,
  scope: PortalScope,
  filters: { accountId?: number; orderIds?: number[] },
  page: PageRequest,
) {
  let filtered = db.selectFrom('invoices').where('portal_id', '=', scope);
  if (filters.accountId !== undefined) filtered = filtered.where('account_id', '=', filters.accountId);
  if (filters.orderIds) filtered = filtered.where('order_id', 'in', filters.orderIds);
  return pagedList(filtered, filtered.selectAll().orderBy('issued_at', 'desc').orderBy('id', 'desc'), page);
}
