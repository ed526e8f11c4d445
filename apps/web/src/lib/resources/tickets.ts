/**
 * Tickets (issue 12): a student's question to their coach and its thread of messages.
 * Owner of the ['tickets', …] keys.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchDocument, pageFrom } from './document';

export type TicketState = 'open' | 'answered' | 'closed';
export const TICKET_STATES: readonly TicketState[] = ['open', 'answered', 'closed'];

export interface Ticket {
  id: string;
  subject: string;
  body: string;
  state: TicketState;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  student?: { id: string; fullName?: string; avatarUrl?: string | null } | null;
  coach?: { id: string; fullName?: string } | null;
  course?: { id: string; title?: string } | null;
  learningObject?: { id: string; title?: string } | null;
  meta?: { abilities?: { reply?: boolean; close?: boolean; reopen?: boolean } };
}

export interface TicketMessage {
  id: string;
  body: string;
  createdAt: string;
  author?: { id: string; fullName?: string } | null;
}

export interface TicketListParams {
  state?: string;
  course?: string;
  student?: string;
  search?: string;
  page: number;
  size: number;
}

export const ticketKeys = {
  all: ['tickets'] as const,
  list: (params: TicketListParams) => ['tickets', 'list', params] as const,
  one: (id: string) => ['tickets', 'one', id] as const,
  messages: (id: string) => ['tickets', 'messages', id] as const,
};

const INCLUDE = ['student', 'coach', 'course', 'learning_object'];

export function ticketsQuery(params: TicketListParams) {
  return queryOptions({
    queryKey: ticketKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<Ticket[]>('/v1/tickets', {
        signal,
        query: {
          filter: {
            state: params.state || undefined,
            course: params.course || undefined,
            student: params.student || undefined,
            search: params.search || undefined,
          },
          include: INCLUDE,
          page: { number: params.page, size: params.size },
        },
      });
      const counts = (meta.stateCounts ?? {}) as Record<string, unknown>;
      return {
        ...pageFrom<Ticket>(data, meta),
        stateCounts: {
          open: Number(counts.open ?? 0),
          answered: Number(counts.answered ?? 0),
          closed: Number(counts.closed ?? 0),
        },
      };
    },
    placeholderData: keepPreviousData,
  });
}

export function ticketQuery(id: string) {
  return queryOptions({
    meta: { refusalToast: true },
    queryKey: ticketKeys.one(id),
    queryFn: async ({ signal }) =>
      (await fetchDocument<Ticket>(`/v1/tickets/${id}`, { signal, query: { include: INCLUDE } })).data,
  });
}

export function ticketMessagesQuery(id: string) {
  return queryOptions({
    queryKey: ticketKeys.messages(id),
    queryFn: async ({ signal }) =>
      (
        await fetchDocument<TicketMessage[]>(`/v1/tickets/${id}/messages`, {
          signal,
          query: { include: ['author'], page: { size: 100 } },
        })
      ).data,
  });
}

/** A student asks a question, optionally about a learning object; the form shows refusals itself. */
export function useAskTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      subject: string;
      body: string;
      /** As a ticket reads it: a relationship (decision 050). */
      learningObject?: { type: 'learning_objects'; id: string };
    }) => apiRequest<{ data: { id: string } }>('/v1/tickets', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    meta: { errorToast: false },
  });
}

export function usePostTicketMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string }) =>
      apiRequest(`/v1/tickets/${id}/messages`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    meta: { errorToast: false },
  });
}

export function useChangeTicketState(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: TicketState) => apiRequest(`/v1/tickets/${id}`, { method: 'PATCH', body: { state } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
