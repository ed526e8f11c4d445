/**
 * Notifications (SPEC §2, §4, docs/api-contract.md). This module owns the ['notifications', …] keys:
 * the paged list, the unread partial (5 items, refetched every 5 minutes) and both read mutations.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { NOTIFICATION_REFETCH_MS, NOTIFICATIONS_PARTIAL_SIZE, notificationsPath } from '@leerpad/core';
import { useEffect } from 'react';
import { afterNextPaint } from '../after-paint';
import { API_BASE, apiDocument, apiRequest } from '../api/client';

export interface Notification {
  id: string;
  type: string;
  message: string;
  link?: string | null;
  readAt?: string | null;
  receivedAt?: string | null;
  status?: 'unread' | 'read';
  meta?: { abilities?: { open?: boolean } };
}

export interface NotificationPage {
  items: Notification[];
  total: number;
  lastPage: number;
  unread: number;
}

export const notificationKeys = {
  all: (accountId: string) => ['notifications', accountId] as const,
  list: (accountId: string, page: number, size: number) =>
    ['notifications', accountId, 'list', page, size] as const,
  unread: (accountId: string) => ['notifications', accountId, 'unread'] as const,
};

async function fetchPage(
  accountId: string,
  page: number,
  size: number,
  unreadOnly: boolean,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  // The first page of all of them is answered in the notifications page (notificationsAddress).
  const { data, meta } = await apiDocument<Notification[]>(notificationsPath(accountId), {
    signal,
    query: { page: { number: page, size }, filter: unreadOnly ? { status: 'unread' } : undefined },
  });
  const total = Number(meta.total ?? 0);
  return {
    items: Array.isArray(data) ? data : [],
    total,
    lastPage: Number(meta.lastPage ?? 1),
    unread: Number(meta.unread ?? (unreadOnly ? total : 0)),
  };
}

export function notificationsQuery(accountId: string, page: number, size: number) {
  return queryOptions({
    queryKey: notificationKeys.list(accountId, page, size),
    queryFn: ({ signal }) => fetchPage(accountId, page, size, false, signal),
    placeholderData: keepPreviousData,
  });
}

export function unreadNotificationsQuery(accountId: string) {
  return queryOptions({
    queryKey: notificationKeys.unread(accountId),
    queryFn: ({ signal }) => fetchPage(accountId, 1, NOTIFICATIONS_PARTIAL_SIZE, true, signal),
    refetchInterval: NOTIFICATION_REFETCH_MS,
    staleTime: NOTIFICATION_REFETCH_MS,
  });
}

/** Marks one notification read (readAt = now), at once in every cached list, then refreshes. */
export function useMarkNotificationRead(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${notificationsPath(accountId)}/${id}`, {
        method: 'PATCH',
        body: { readAt: new Date().toISOString() },
      }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all(accountId) });
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all(accountId) }, (page) => {
        if (!page) return page;
        const target = page.items.find((item) => item.id === id);
        if (!target || target.readAt) return page;
        return {
          ...page,
          unread: Math.max(0, page.unread - 1),
          items: page.items.map((item) =>
            item.id === id ? { ...item, readAt, status: 'read' as const } : item,
          ),
        };
      });
      // The unread partial lists unread items only: the read one leaves it.
      queryClient.setQueryData<NotificationPage>(notificationKeys.unread(accountId), (page) =>
        page
          ? {
              ...page,
              total: Math.max(0, page.total - 1),
              items: page.items.filter((item) => item.id !== id),
            }
          : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(accountId) }),
  });
}

export function useMarkAllNotificationsRead(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(notificationsPath(accountId), { method: 'PATCH', body: { operation: 'mark_all_as_read' } }),
    onSuccess: () => {
      queryClient.setQueryData<NotificationPage>(notificationKeys.unread(accountId), (page) =>
        page ? { ...page, total: 0, unread: 0, items: [] } : page,
      );
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all(accountId) }, (page) =>
        page
          ? {
              ...page,
              unread: 0,
              items: page.items.map((item) =>
                item.readAt ? item : { ...item, readAt, status: 'read' as const },
              ),
            }
          : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(accountId) as QueryKey }),
  });
}

/** Query keys whose first element names data a new notification may have changed. */
export const LIVE_QUERY_PREFIXES = [
  'notifications',
  'coach-overview',
  'students',
  'tickets',
  'follow_ups',
  'approval_requests',
] as const;

interface StreamEvent {
  id: string;
  unread: number;
}

/**
 * One EventSource for the signed-in account (GET /api/v1/notifications/stream): a new notification
 * sets the badge at once and refreshes every list it may have changed, without polling. The browser
 * reconnects a dropped stream by itself and sends Last-Event-ID, so nothing is missed.
 */
export function useLiveNotifications(accountId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    const setUnread = (unread: number) =>
      queryClient.setQueryData<NotificationPage>(notificationKeys.unread(accountId), (page) =>
        page ? { ...page, unread, total: unread } : page,
      );
    const onReady = (message: MessageEvent<string>) => {
      const { unread } = JSON.parse(message.data) as { unread: number };
      setUnread(unread);
    };
    const onNotification = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as StreamEvent;
      setUnread(event.unread);
      for (const prefix of LIVE_QUERY_PREFIXES) void queryClient.invalidateQueries({ queryKey: [prefix] });
    };
    // Once the page is painted (decision 082): its "ready" event brings the unread count up to date.
    const cancel = afterNextPaint(() => {
      source = new EventSource(`${API_BASE}/v1/notifications/stream`, { withCredentials: true });
      source.addEventListener('ready', onReady);
      source.addEventListener('notification', onNotification);
    });
    return () => {
      cancel();
      source?.close();
    };
  }, [accountId, queryClient]);
}
