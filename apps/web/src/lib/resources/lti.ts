/** LTI 1.3 tools, links and launches (decision 070). Owner of ['lti']. */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { courseKeys } from './course-keys';
import { fetchData, fetchList } from './document';
import { invalidateProgressLists } from './enrollments';

export const LTI_SERVICES = ['ags', 'nrps', 'deep_linking'] as const;
export type LtiService = (typeof LTI_SERVICES)[number];

export interface LtiTool {
  id: string;
  name: string;
  status: 'active' | 'pending' | 'disabled';
  registeredBy: 'manual' | 'dynamic';
  clientId: string;
  loginUrl: string;
  launchUrl: string;
  deepLinkingUrl: string | null;
  redirectUris: string[];
  jwksUrl: string | null;
  deploymentIds: string[];
  custom: Record<string, string>;
  services: LtiService[];
  contactEmail: string | null;
  creatorName: string | null;
  createdAt: string;
  platform: { issuer: string; clientId: string; authorizationUrl: string; tokenUrl: string; jwksUrl: string };
}

export interface LtiToolInput {
  name: string;
  loginUrl: string;
  launchUrl: string;
  deepLinkingUrl: string | null;
  redirectUris: string[];
  jwksUrl: string | null;
  publicJwk?: Record<string, unknown> | null;
  custom?: Record<string, string>;
  services: LtiService[];
}

export interface LtiRegistration {
  id: string;
  registrationUrl: string;
  openUrl: string;
  toolId: string | null;
}

export interface LtiKey {
  id: string;
  kid: string;
  createdAt: string;
  retiredAt: string | null;
}

export interface LtiLink {
  id: string;
  toolId: string;
  toolName: string;
  toolStatus: string;
  url: string | null;
  lineItem: { label: string; scoreMaximum: number } | null;
}

/** The form the browser posts to the tool's login address; `payload` keeps the tool's field names. */
export interface LtiLaunch {
  id: string;
  url: string;
  method: 'POST';
  payload: Record<string, string>;
  messageType: string;
}

export const ltiKeys = {
  all: ['lti'] as const,
  tools: ['lti', 'tools'] as const,
  keys: ['lti', 'keys'] as const,
  link: (objectId: string) => ['lti', 'link', objectId] as const,
};

export const ltiToolsQuery = queryOptions({
  queryKey: ltiKeys.tools,
  queryFn: ({ signal }) => fetchList<LtiTool>('/v1/lti_tools', { signal }),
});

export const ltiPlatformKeysQuery = queryOptions({
  queryKey: ltiKeys.keys,
  queryFn: ({ signal }) => fetchList<LtiKey>('/v1/lti_platform_keys', { signal }),
});

export function ltiLinkQuery(objectId: string) {
  return queryOptions({
    queryKey: ltiKeys.link(objectId),
    queryFn: ({ signal }) => fetchData<LtiLink>(`/v1/learning_objects/${objectId}/lti_link`, { signal }),
    retry: false,
  });
}

export function useCreateLtiTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LtiToolInput) => fetchData<LtiTool>('/v1/lti_tools', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKeys.tools }),
    meta: { errorToast: false },
  });
}

export function useUpdateLtiTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string; status: 'active' | 'disabled' }) =>
      fetchData<LtiTool>(`/v1/lti_tools/${id}`, { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKeys.tools }),
  });
}

export function useDeleteLtiTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/lti_tools/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKeys.tools }),
  });
}

export function useStartLtiRegistration() {
  return useMutation({
    mutationFn: (registrationUrl: string) =>
      fetchData<LtiRegistration>('/v1/lti_registrations', { method: 'POST', body: { registrationUrl } }),
    meta: { errorToast: false },
  });
}

export const fetchLtiRegistration = (id: string) => fetchData<LtiRegistration>(`/v1/lti_registrations/${id}`);

export function useRotateLtiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchList<LtiKey>('/v1/lti_platform_keys', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKeys.keys }),
  });
}

export function useSaveLtiLink(objectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tool: string; url: string | null }) =>
      fetchData<LtiLink>(`/v1/learning_objects/${objectId}/lti_link`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKeys.link(objectId) }),
    meta: { errorToast: false },
  });
}

export const launchLtiObject = (objectId: string) =>
  fetchData<LtiLaunch>(`/v1/learning_objects/${objectId}/lti_launches`, {
    method: 'POST',
    body: { returnUrl: window.location.href },
  });

export const launchLtiDeepLinking = (sectionId: string, toolId: string) =>
  fetchData<LtiLaunch>(`/v1/course_sections/${sectionId}/lti_deep_linking_launches`, {
    method: 'POST',
    body: { tool: toolId },
  });

/** After the tool reported back: the course's outline and the progress lists read again. */
export async function refreshAfterLti(queryClient: QueryClient, courseId: string) {
  invalidateProgressLists(queryClient);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: courseKeys.overview(courseId) }),
    queryClient.invalidateQueries({ queryKey: courseKeys.one(courseId) }),
  ]);
}

/**
 * The address that starts a launch: the tool's login address with the launch's fields in the query
 * (LTI's third-party login may be a GET), for a frame or a new window.
 */
export function launchAddress(launch: LtiLaunch): string {
  const url = new URL(launch.url);
  for (const [name, value] of Object.entries(launch.payload)) url.searchParams.set(name, value);
  return url.toString();
}
