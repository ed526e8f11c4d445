/**
 * Order automations (issue 14): "when an order for product X is paid, do …", and the log of their
 * runs (`automation_runs`, read only). Owner of ['order-automations'] and ['automation-runs'].
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { SHORT_LIST, fetchDocument, fetchList, pageFrom, type Page } from './document';

export type AutomationAction =
  | { type: 'enrol'; courseIds: string[] }
  | { type: 'extend_plan'; productId: string }
  | { type: 'set_primary_coach'; coachId: string }
  | { type: 'add_role'; role: string }
  | { type: 'send_mail'; subject: string; text: string };

export const AUTOMATION_ACTION_TYPES = [
  'enrol',
  'extend_plan',
  'set_primary_coach',
  'add_role',
  'send_mail',
] as const satisfies ReadonlyArray<AutomationAction['type']>;

export interface OrderAutomation {
  id: string;
  type: 'order_automations';
  name: string;
  active: boolean;
  actions: AutomationAction[];
  createdAt: string;
  updatedAt: string;
  product: { id: string; type: 'products' } | null;
}

export interface AutomationRun {
  id: string;
  type: 'automation_runs';
  outcome: 'pending' | 'succeeded' | 'retrying' | 'failed';
  steps: Array<Record<string, unknown>>;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  orderAutomation: { id: string; type: 'order_automations' } | null;
  order: { id: string; type: 'orders' } | null;
}

export interface OrderAutomationInput {
  name: string;
  productId: string;
  active: boolean;
  actions: AutomationAction[];
}

export const orderAutomationKeys = { all: ['order-automations'] as const };
export const automationRunKeys = {
  all: ['automation-runs'] as const,
  page: (page: number, size: number) => ['automation-runs', { page, size }] as const,
};

export const orderAutomationsQuery = queryOptions({
  queryKey: orderAutomationKeys.all,
  queryFn: ({ signal }) => fetchList<OrderAutomation>('/v1/order_automations', { signal, query: SHORT_LIST }),
});

export function automationRunsQuery(page: number, size: number) {
  return queryOptions({
    queryKey: automationRunKeys.page(page, size),
    queryFn: async ({ signal }): Promise<Page<AutomationRun>> => {
      const { data, meta } = await fetchDocument<AutomationRun[]>('/v1/automation_runs', {
        signal,
        query: { page: { number: page, size } },
      });
      return pageFrom<AutomationRun>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaveOrderAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: OrderAutomationInput }) =>
      apiRequest(id ? `/v1/order_automations/${id}` : '/v1/order_automations', {
        method: id ? 'PATCH' : 'POST',
        // Written as an automation is read: its product is a relationship (decision 050).
        body: (({ productId, ...rest }: OrderAutomationInput) => ({
          ...rest,
          product: { type: 'products', id: productId },
        }))(input),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderAutomationKeys.all }),
    meta: { errorToast: false },
  });
}

export function useDeleteOrderAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/order_automations/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderAutomationKeys.all }),
  });
}
