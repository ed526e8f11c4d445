/**
 * The portfolio (issue 16): the student's items, coaches' comments, feedback requests, the guest
 * feedback form behind a /rate link, the student's own profile and public profiles. Owner of the
 * ['portfolio', …], ['profile'] and ['public-profiles', …] keys.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, SHORT_LIST } from './document';
import { meQuery } from './me';

export type ItemKind = 'reflection' | 'evidence' | 'link' | 'course' | 'certificate';
export type Visibility = 'private' | 'coaches' | 'public';

export interface PortfolioRating {
  id: string;
  raterName: string;
  scores: Array<{ criterion: string; score: number }>;
  comment: string | null;
  ratedAt: string;
}

export interface PortfolioItem {
  id: string;
  kind: ItemKind;
  title: string;
  body: string;
  url: string | null;
  files: Array<{ id: string; name: string; contentType: string; size: number }>;
  courseTitle: string | null;
  certificateCode: string | null;
  verifyUrl: string | null;
  visibility: Visibility;
  competencies: string[];
  commentCount: number;
  ratings: PortfolioRating[];
  createdAt: string;
  meta?: { abilities?: { edit?: boolean; delete?: boolean; comment?: boolean; askFeedback?: boolean } };
}

/** A course a portfolio item is about, as a relationship (decision 050); null without one. */
export const courseIdentifier = (id: string | null | undefined) =>
  id ? { type: 'courses' as const, id } : null;

/** Written with the names an item is read with: `files` (`[{id}]`) and the `course` relationship. */
export interface PortfolioItemInput {
  kind: Exclude<ItemKind, 'certificate'>;
  title: string;
  body?: string;
  url?: string | null;
  files?: Array<{ id: string }>;
  course?: { type: 'courses'; id: string } | null;
  visibility: Visibility;
  competencies?: string[];
}

export interface PortfolioComment {
  id: string;
  body: string;
  authorName: string | null;
  createdAt: string;
}

export interface FeedbackRequest {
  id: string;
  email: string;
  name: string;
  state: 'pending' | 'rated' | 'expired';
  expiresAt: string;
  ratedAt: string | null;
  item?: { id: string } | null;
}

/** A file of an item as a guest sees it: opened through the feedback link or the public profile. */
export interface GuestFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  url: string;
}

export interface FeedbackForm {
  id: string;
  raterName: string;
  studentName: string;
  portalName: string;
  message: string | null;
  item: {
    kind: ItemKind;
    title: string;
    body: string;
    url: string | null;
    fileNames: string[];
    files: GuestFile[];
    courseTitle: string | null;
  };
  criteria: string[];
  expiresAt: string;
}

export interface OwnProfile {
  id: string;
  fullName: string;
  avatarUrl: string | null;
  headline: string | null;
  biography: string | null;
  handle: string | null;
  isPublic: boolean;
  indexable: boolean;
  publicUrl: string | null;
}

export interface PublicProfile {
  id: string;
  fullName: string;
  avatarUrl: string | null;
  headline: string | null;
  biography: string | null;
  handle: string;
  indexable: boolean;
  items: Array<{
    id: string;
    kind: ItemKind;
    title: string;
    body: string;
    url: string | null;
    files: GuestFile[];
    courseTitle: string | null;
    competencies: string[];
    createdAt: string;
  }>;
  certificates: Array<{
    name: string;
    code: string;
    status: string;
    issuedAt: string;
    expiresAt: string | null;
    verifyUrl: string;
  }>;
}

export const portfolioKeys = {
  all: ['portfolio'] as const,
  items: ['portfolio', 'items'] as const,
  student: (studentId: string) => ['portfolio', 'student', studentId] as const,
  comments: (itemId: string) => ['portfolio', 'comments', itemId] as const,
  requests: ['portfolio', 'feedback-requests'] as const,
  rate: (token: string) => ['portfolio', 'rate', token] as const,
  profile: ['profile'] as const,
  rubric: ['portfolio', 'rubric'] as const,
  publicProfile: (handle: string) => ['public-profiles', handle] as const,
};

export const portfolioItemsQuery = queryOptions({
  queryKey: portfolioKeys.items,
  queryFn: ({ signal }) => fetchData<PortfolioItem[]>('/v1/portfolio_items', { signal, query: SHORT_LIST }),
});

/** The items a student shares with coaches (for their coaches and staff). */
export function studentPortfolioQuery(studentId: string) {
  return queryOptions({
    queryKey: portfolioKeys.student(studentId),
    queryFn: ({ signal }) =>
      fetchData<PortfolioItem[]>('/v1/portfolio_items', {
        signal,
        query: { filter: { student: studentId }, ...SHORT_LIST },
      }),
  });
}

export function commentsQuery(itemId: string) {
  return queryOptions({
    queryKey: portfolioKeys.comments(itemId),
    queryFn: ({ signal }) =>
      fetchData<PortfolioComment[]>(`/v1/portfolio_items/${itemId}/comments`, { signal, query: SHORT_LIST }),
  });
}

export const feedbackRequestsQuery = queryOptions({
  queryKey: portfolioKeys.requests,
  queryFn: ({ signal }) =>
    fetchData<FeedbackRequest[]>('/v1/feedback_requests', { signal, query: SHORT_LIST }),
});

export function feedbackFormQuery(token: string) {
  return queryOptions({
    queryKey: portfolioKeys.rate(token),
    queryFn: ({ signal }) => fetchData<FeedbackForm>(`/v1/rate/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    enabled: token !== '',
  });
}

export const ownProfileQuery = queryOptions({
  queryKey: portfolioKeys.profile,
  queryFn: ({ signal }) => fetchData<OwnProfile>('/v1/profile', { signal }),
});

export function publicProfileQuery(handle: string) {
  return queryOptions({
    queryKey: portfolioKeys.publicProfile(handle),
    queryFn: ({ signal }) =>
      fetchData<PublicProfile>(`/v1/profiles/${encodeURIComponent(handle)}`, { signal }),
    retry: false,
  });
}

export function useAddPortfolioItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PortfolioItemInput) =>
      apiRequest('/v1/portfolio_items', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
    meta: { errorToast: false },
  });
}

export function useChangeVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, visibility }: { id: string; visibility: Visibility }) =>
      apiRequest(`/v1/portfolio_items/${id}`, { method: 'PATCH', body: { visibility } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.items }),
  });
}

export function useDeletePortfolioItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/portfolio_items/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
  });
}

export function useAddComment(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest(`/v1/portfolio_items/${itemId}/comments`, { method: 'POST', body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
    meta: { errorToast: false },
  });
}

export function useAskFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, ...input }: { item: string; email: string; name: string; message: string | null }) =>
      apiRequest('/v1/feedback_requests', {
        method: 'POST',
        body: { ...input, item: { type: 'portfolio_items', id: item } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.requests }),
    meta: { errorToast: false },
  });
}

export function useSubmitRating(token: string) {
  return useMutation({
    mutationFn: (input: { scores: number[]; comment: string | null }) =>
      apiRequest(`/v1/rate/${encodeURIComponent(token)}`, { method: 'POST', body: input }),
    meta: { errorToast: false },
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      headline: string | null;
      biography: string | null;
      handle: string | null;
      isPublic: boolean;
      indexable: boolean;
    }) => apiRequest('/v1/profile', { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.profile }),
    meta: { errorToast: false },
  });
}

/** Makes an uploaded image the profile photo (or, with null, removes it); the header follows. */
export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string | null) =>
      fileId === null
        ? apiRequest('/v1/profile/avatar', { method: 'DELETE' })
        : apiRequest('/v1/profile/avatar', { method: 'PUT', body: { file: fileId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: portfolioKeys.profile }),
        queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
      ]),
    meta: { errorToast: false },
  });
}

export type RubricLocale = 'en' | 'nl' | 'ro';

export interface PortfolioRubric {
  id: string;
  criteria: Array<{ names: Partial<Record<RubricLocale, string>> }>;
  languages: RubricLocale[];
  customised: boolean;
}

export const rubricQuery = queryOptions({
  queryKey: portfolioKeys.rubric,
  queryFn: ({ signal }) => fetchData<PortfolioRubric>('/v1/portfolio_rubric', { signal }),
});

export function useSaveRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (criteria: PortfolioRubric['criteria']) =>
      apiRequest('/v1/portfolio_rubric', { method: 'PUT', body: { criteria } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.rubric }),
    meta: { errorToast: false },
  });
}
