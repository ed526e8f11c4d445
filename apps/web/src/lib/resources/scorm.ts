/**
 * SCORM packages of `scorm` learning objects: the package (version, table of contents), the
 * learner's runtime data per SCO, a launch, and saving the runtime's cmi. Owner of the ['scorm', …] keys.
 */
import type { ScormScoState, ScormVersion } from '@leerpad/core';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { API_BASE } from '../api/client';
import { courseKeys } from './course-keys';
import { fetchData, fetchList } from './document';
import { invalidateProgressLists } from './enrollments';
import { uploadWithProgress } from './files';

export interface ScormSco {
  identifier: string;
  title: string;
  depth: number;
  prerequisites: string | null;
}

export interface ScormPackage {
  id: string;
  version: ScormVersion;
  title: string;
  fileName: string;
  byteSize: number;
  fileCount: number;
  scos: ScormSco[];
  sequencing: { choice: boolean | null; flow: boolean | null } | null;
  createdAt: string;
}

export interface ScormAttempt {
  id: string;
  scoIdentifier: string;
  state: ScormScoState;
  score: number | null;
  location: string | null;
  totalSeconds: number;
  updatedAt: string;
}

export interface ScormLaunch {
  id: string;
  version: ScormVersion;
  scoIdentifier: string;
  launchUrl: string;
  /** JSON of the flattened cmi the runtime starts from. */
  cmi: string;
  tracked: boolean;
  scormAttempt?: { id: string } | null;
}

export const scormKeys = {
  all: ['scorm'] as const,
  package: (objectId: string) => ['scorm', 'package', objectId] as const,
  attempts: (objectId: string) => ['scorm', 'attempts', objectId] as const,
};

export function scormPackageQuery(objectId: string) {
  return queryOptions({
    queryKey: scormKeys.package(objectId),
    queryFn: ({ signal }) =>
      fetchData<ScormPackage>(`/v1/learning_objects/${objectId}/scorm_package`, { signal }),
    retry: false,
  });
}

export function scormAttemptsQuery(objectId: string) {
  return queryOptions({
    queryKey: scormKeys.attempts(objectId),
    queryFn: ({ signal }) =>
      fetchList<ScormAttempt>(`/v1/learning_objects/${objectId}/scorm_attempts`, { signal }),
  });
}

/** Uploads (or replaces) the package, telling the percentage sent. */
export const uploadScormPackage = (
  objectId: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) =>
  uploadWithProgress<ScormPackage>(
    'PUT',
    `/v1/learning_objects/${objectId}/scorm_package`,
    file,
    onProgress,
    signal,
  );

export const launchSco = (objectId: string, scoIdentifier: string) =>
  fetchData<ScormLaunch>(`/v1/learning_objects/${objectId}/scorm_launches`, {
    method: 'POST',
    body: { scoIdentifier },
  });

const attemptBody = (attemptId: string, cmi: Record<string, unknown>) => ({
  data: { type: 'scorm_attempts', id: attemptId, attributes: { cmi } },
});

export const saveScormAttempt = (attemptId: string, cmi: Record<string, unknown>) =>
  fetchData<ScormAttempt>(`/v1/scorm_attempts/${attemptId}`, {
    method: 'PATCH',
    body: attemptBody(attemptId, cmi),
  });

/**
 * The last save as the page goes away (tab closed, reload): `keepalive` lets the request outlive
 * the page. The body is sent as it is (the cmi's element names are already the API's).
 */
export function saveScormAttemptOnExit(attemptId: string, cmi: Record<string, unknown>): void {
  void fetch(`${API_BASE}/v1/scorm_attempts/${attemptId}`, {
    method: 'PATCH',
    keepalive: true,
    credentials: 'include',
    headers: {
      Accept: 'application/vnd.api+json, application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: JSON.stringify(attemptBody(attemptId, cmi)),
  }).catch(() => undefined);
}

/** After a save: the table of contents, the course's outline and the progress lists read again. */
export async function refreshAfterScormSave(queryClient: QueryClient, objectId: string, courseId: string) {
  invalidateProgressLists(queryClient);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: scormKeys.attempts(objectId) }),
    queryClient.invalidateQueries({ queryKey: courseKeys.overview(courseId) }),
  ]);
}
