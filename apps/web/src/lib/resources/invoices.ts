/**
 * Invoices and credit notes (issue 14), each with its PDF address; the Invoice type (the server
 * presenter's presentInvoice, camelCased) lives with the orders. Owner of the ['invoices', …] keys.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchDocument, pageFrom, type Page } from './document';

import type { Invoice } from './orders';

export type { Invoice };

export interface InvoiceListParams {
  order?: string;
  page: number;
  size: number;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (params: InvoiceListParams) => ['invoices', 'list', params] as const,
};

/** My invoices and credit notes (all of the portal's for sales staff), newest first. */
export function invoicesQuery(params: InvoiceListParams) {
  return queryOptions({
    queryKey: invoiceKeys.list(params),
    queryFn: async ({ signal }): Promise<Page<Invoice>> => {
      const { data, meta } = await fetchDocument<Invoice[]>('/v1/invoices', {
        signal,
        query: {
          filter: { order: params.order || undefined },
          page: { number: params.page, size: params.size },
        },
      });
      return pageFrom<Invoice>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}
