/** Feedback calls (SPEC §7): projects to vote on, notes and upvotes. Owns the ['feedback', …] keys. */
import { queryOptions } from '@tanstack/react-query';
import { deserialize, type FeedbackProject, type JsonApiDocument } from '@leerpad/core';
import { apiRequest } from '../api/client';

export const feedbackKeys = { projects: ['feedback', 'projects'] as const };

/** Accepts a JSON:API list or a plain array, whichever the feedback service sends. */
export function projectsFrom(payload: unknown): FeedbackProject[] {
  const list: unknown = Array.isArray(payload)
    ? payload
    : payload && typeof payload === 'object' && 'data' in payload
      ? deserialize(payload as JsonApiDocument).data
      : [];
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object')
    .map((item) => ({
      id: String(item.id),
      name: String(item.name ?? ''),
      description: typeof item.description === 'string' ? item.description : null,
      state: String(item.state ?? ''),
      upvotes: Number(item.upvotes ?? 0),
    }));
}

export const projectsQuery = queryOptions({
  queryKey: feedbackKeys.projects,
  queryFn: async ({ signal }) => projectsFrom(await apiRequest('/feedback/projects', { signal })),
  retry: false,
});

/** A note as the form has it; the sender is always the signed-in account (the server files it so). */
export interface FeedbackNote {
  feedback: string;
  email: string | null;
  url: string;
  entity: string | null;
  projectId: string | null;
  segments: string[];
}

/** Written as a note is read: the project is a relationship (decision 050). */
export const sendFeedbackNote = ({ projectId, ...note }: FeedbackNote) =>
  apiRequest('/feedback/note', {
    method: 'POST',
    body: { ...note, project: projectId ? { type: 'feedback_projects', id: projectId } : null },
  });

export const upvoteProject = (body: { email: string; projectId: string }) =>
  apiRequest('/feedback/upvote', { method: 'POST', body });
