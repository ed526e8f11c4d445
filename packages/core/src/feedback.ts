/**
 * Feedback projects (SPEC §3 "Feedback project", §4 "Feedback modal"). Hashtags in a project's
 * description say which roles it is for; they are hidden when the description is shown.
 */
import { roleSegment, stripAcademyPrefix } from './roles';

export const FEEDBACK_STATES = ['backlog', 'planned', 'started'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export interface FeedbackProject {
  id: string;
  name: string;
  description: string | null;
  state: string;
  upvotes: number;
}

// A '#' that starts a word: not part of an address ('page#top', '/#x') or an entity ('&#39;').
const HASHTAG = /(?<![\p{L}\p{N}_/&#])#([\p{L}\p{N}_-]+)/gu;

/** 'financial controller', '#financial_controller' and '#Financial-Controller' compare equal. */
const normaliseTag = (text: string) => text.toLocaleLowerCase().replace(/[\s_-]+/g, '');

export function descriptionHashtags(description: string | null | undefined): string[] {
  const tags = Array.from((description ?? '').matchAll(HASHTAG), (match) =>
    (match[1] ?? '').toLocaleLowerCase(),
  );
  return [...new Set(tags)];
}

export function stripHashtags(description: string | null | undefined): string {
  return (description ?? '')
    .replace(HASHTAG, '')
    .replace(/[^\S\n]{2,}/g, ' ')
    .replace(/[^\S\n]+$/gm, '')
    .trim();
}

/** A project is for the user when one of its hashtags names one of their roles ('academy ' ignored). */
export function projectMatchesRoles(project: Pick<FeedbackProject, 'description'>, roles: readonly string[]) {
  const roleTags = new Set(roles.map((role) => normaliseTag(stripAcademyPrefix(role))));
  return descriptionHashtags(project.description).some((tag) => roleTags.has(normaliseTag(tag)));
}

export const isIdea = (project: Pick<FeedbackProject, 'state'>) => project.state === 'backlog';
export const isInDevelopment = (project: Pick<FeedbackProject, 'state'>) =>
  project.state === 'planned' || project.state === 'started';

/** The modal's two tabs, each limited to the projects meant for the user's roles. */
export function feedbackTabs<P extends FeedbackProject>(projects: readonly P[], roles: readonly string[]) {
  const relevant = projects.filter((project) => projectMatchesRoles(project, roles));
  return { newIdeas: relevant.filter(isIdea), inDevelopment: relevant.filter(isInDevelopment) };
}

/** Audience segments for a feedback note: the user's role segment and the portal name. */
export function feedbackSegments(roles: readonly string[], portalName: string | null | undefined): string[] {
  return portalName ? [roleSegment(roles), portalName] : [roleSegment(roles)];
}
