import { describe, expect, it } from 'vitest';
import {
  descriptionHashtags,
  feedbackSegments,
  feedbackTabs,
  isIdea,
  isInDevelopment,
  projectMatchesRoles,
  stripHashtags,
  type FeedbackProject,
} from './feedback';

describe('hashtags', () => {
  it.each([
    ['Bulk import of students #Admin #coach', ['admin', 'coach'], 'Bulk import of students'],
    ['#student Dark mode for the catalog', ['student'], 'Dark mode for the catalog'],
    ['Reports #financial_controller #admin #admin', ['financial_controller', 'admin'], 'Reports'],
    ['See https://example.org/#top and page#2', [], 'See https://example.org/#top and page#2'],
    ['Line one #coach\nLine two', ['coach'], 'Line one\nLine two'],
    [null, [], ''],
  ])('%j has tags %j and reads %j', (description, tags, stripped) => {
    expect(descriptionHashtags(description)).toEqual(tags);
    expect(stripHashtags(description)).toBe(stripped);
  });
});

describe('projectMatchesRoles', () => {
  it.each([
    { description: 'Idea #admin', roles: ['academy admin'], matches: true },
    { description: 'Idea #admin', roles: ['admin'], matches: true },
    { description: 'Idea #coach', roles: ['student'], matches: false },
    { description: 'Idea #financial-controller', roles: ['financial controller'], matches: true },
    { description: 'Idea without tags', roles: ['admin'], matches: false },
  ])('"$description" for $roles → $matches', ({ description, roles, matches }) => {
    expect(projectMatchesRoles({ description }, roles)).toBe(matches);
  });
});

describe('feedback tabs', () => {
  const project = (id: string, state: string, description: string): FeedbackProject => ({
    id,
    name: id,
    description,
    state,
    upvotes: 0,
  });
  const projects = [
    project('a', 'backlog', '#coach'),
    project('b', 'planned', '#coach'),
    project('c', 'started', '#admin'),
    project('d', 'started', '#coach'),
    project('e', 'done', '#coach'),
  ];

  it.each([
    { state: 'backlog', idea: true, inDevelopment: false },
    { state: 'planned', idea: false, inDevelopment: true },
    { state: 'started', idea: false, inDevelopment: true },
    { state: 'done', idea: false, inDevelopment: false },
  ])(
    'a $state project is an idea: $idea, in development: $inDevelopment',
    ({ state, idea, inDevelopment }) => {
      expect(isIdea({ state })).toBe(idea);
      expect(isInDevelopment({ state })).toBe(inDevelopment);
    },
  );

  it('shows a coach only the projects tagged for coaches', () => {
    const tabs = feedbackTabs(projects, ['coach']);
    expect(tabs.newIdeas.map(({ id }) => id)).toEqual(['a']);
    expect(tabs.inDevelopment.map(({ id }) => id)).toEqual(['b', 'd']);
  });

  it.each([
    { roles: ['academy admin'], portal: 'Leerpad', segments: ['admin', 'Leerpad'] },
    { roles: ['coach'], portal: null, segments: ['coach'] },
  ])('segments for $roles on $portal → $segments', ({ roles, portal, segments }) => {
    expect(feedbackSegments(roles, portal)).toEqual(segments);
  });
});
