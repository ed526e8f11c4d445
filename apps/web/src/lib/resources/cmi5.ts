/**
 * cmi5 courses of `cmi5` learning objects: the course (blocks, AUs), the learner's state per AU,
 * and a launch. Owner of the ['cmi5', …] keys.
 */
import type { Cmi5AuState, Cmi5MoveOn } from '@leerpad/core';
import { queryOptions } from '@tanstack/react-query';
import { fetchData, fetchList } from './document';
import { uploadWithProgress } from './files';

export interface Cmi5Au {
  id: string;
  title: string;
  description: string;
  depth: number;
  blocks: string[];
  moveOn: Cmi5MoveOn;
  masteryScore: number | null;
  launchMethod: 'AnyWindow' | 'OwnWindow';
  external: boolean;
}

export interface Cmi5Package {
  id: string;
  title: string;
  courseId: string;
  fileName: string;
  byteSize: number;
  fileCount: number;
  blocks: Array<{ id: string; title: string; depth: number; parent: string | null }>;
  aus: Cmi5Au[];
  createdAt: string;
}

export interface Cmi5AuStatus {
  id: string;
  auId: string;
  state: Cmi5AuState;
  satisfied: boolean;
  score: number | null;
  launches: number;
  updatedAt: string;
}

export interface Cmi5Launch {
  id: string;
  auId: string;
  launchUrl: string;
  registration: string;
  launchMethod: 'AnyWindow' | 'OwnWindow';
  tracked: boolean;
}

export const cmi5Keys = {
  all: ['cmi5'] as const,
  package: (objectId: string) => ['cmi5', 'package', objectId] as const,
  states: (objectId: string) => ['cmi5', 'states', objectId] as const,
};

export function cmi5PackageQuery(objectId: string) {
  return queryOptions({
    queryKey: cmi5Keys.package(objectId),
    queryFn: ({ signal }) =>
      fetchData<Cmi5Package>(`/v1/learning_objects/${objectId}/cmi5_package`, { signal }),
    retry: false,
  });
}

export function cmi5StatesQuery(objectId: string) {
  return queryOptions({
    queryKey: cmi5Keys.states(objectId),
    queryFn: ({ signal }) =>
      fetchList<Cmi5AuStatus>(`/v1/learning_objects/${objectId}/cmi5_au_states`, { signal }),
  });
}

/** Imports (or replaces) the course: cmi5.xml or a zip, telling the percentage sent. */
export const uploadCmi5Package = (
  objectId: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) =>
  uploadWithProgress<Cmi5Package>(
    'PUT',
    `/v1/learning_objects/${objectId}/cmi5_package`,
    file,
    onProgress,
    signal,
  );

export const launchAu = (objectId: string, auId: string) =>
  fetchData<Cmi5Launch>(`/v1/learning_objects/${objectId}/cmi5_launches`, {
    method: 'POST',
    body: { auId },
  });
