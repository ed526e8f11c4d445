/** Announcements: the portal's list for staff, and the current ones for the reader. Owner of ['announcements']. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, fetchDocument, fetchList, pageFrom } from './document';

export const ANNOUNCEMENT_AUDIENCES = ['students', 'coaches', 'staff'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export interface Announcement {
  id: string;
  type?: string;
  title: string;
  body: string;
  language: string;
  audience: AnnouncementAudience[];
  /** When not empty, of the students only those enrolled in one of these courses. */
  courses?: Array<{ id: string }>;
  startsAt: string;
  endsAt: string | null;
  notifiedAt: string | null;
  status: 'scheduled' | 'current' | 'ended';
  readAt: string | null;
  dismissedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementInput {
  title: string;
  body: string;
  language: string;
  audience: AnnouncementAudience[];
  /** Written as read: a relationship to the courses (decision 050). */
  courses: Array<{ type: 'courses'; id: string }>;
  startsAt: string;
  endsAt: string | null;
}

export const announcementKeys = {
  all: ['announcements'] as const,
  list: (page: number, size: number) => ['announcements', 'list', page, size] as const,
  current: ['announcements', 'current'] as const,
};

export const announcementListQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: announcementKeys.list(page, size),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<Announcement[]>('/v1/announcements', {
        signal,
        query: { page: { number: page, size } },
      });
      return pageFrom<Announcement>(data, meta);
    },
    placeholderData: keepPreviousData,
  });

/** What the signed-in account should read now (dismissed ones left out). */
export const currentAnnouncementsQuery = queryOptions({
  queryKey: announcementKeys.current,
  queryFn: ({ signal }) => fetchList<Announcement>('/v1/announcements/current', { signal }),
});

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AnnouncementInput }) =>
      fetchData<Announcement>(id ? `/v1/announcements/${id}` : '/v1/announcements', {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    meta: { errorToast: false },
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/announcements/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useAnnouncementState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read, dismissed }: { id: string; read?: boolean; dismissed?: boolean }) =>
      fetchData<Announcement>(`/v1/announcements/${id}/state`, {
        method: 'PATCH',
        body: { read, dismissed },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.current }),
  });
}
