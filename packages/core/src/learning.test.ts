import { describe, expect, it } from 'vitest';
import {
  courseProgressPercent,
  isCourseComplete,
  isSelfCompleted,
  outlineNeighbours,
  resumeTarget,
} from './learning';

describe('courseProgressPercent', () => {
  it.each([
    [0, 0, 0],
    [4, 0, 0],
    [4, 1, 25],
    [3, 1, 33],
    [3, 2, 66],
    [3, 3, 100],
    [3, 5, 100],
    [6, 3, 50],
    [-1, 2, 0],
    [Number.NaN, 1, 0],
  ])('%s required, %s completed → %s %%', (required, completed, percent) => {
    expect(courseProgressPercent(required, completed)).toBe(percent);
  });

  it('never shows 100 % before the last object is done', () => {
    expect(courseProgressPercent(500, 499)).toBe(99);
  });
});

describe('isCourseComplete', () => {
  it.each([
    [0, 0, false],
    [2, 1, false],
    [2, 2, true],
    [2, 3, true],
  ])('%s required, %s completed → %s', (required, completed, complete) => {
    expect(isCourseComplete(required, completed)).toBe(complete);
  });
});

describe('isSelfCompleted', () => {
  it.each([
    ['page', true],
    ['video', true],
    ['file', true],
    ['quiz', false],
    ['assignment', false],
    ['unknown', false],
  ])('%s → %s', (type, self) => {
    expect(isSelfCompleted(type)).toBe(self);
  });
});

describe('outline navigation', () => {
  const sections = [
    { learningObjects: [{ id: '1' }, { id: '2' }] },
    { learningObjects: [] },
    { learningObjects: [{ id: '3' }] },
  ];
  it.each([
    ['1', null, '2'],
    ['2', '1', '3'],
    ['3', '2', null],
    ['9', null, null],
  ])('around %s: previous %s, next %s', (current, previous, next) => {
    expect(outlineNeighbours(sections, current)).toEqual({ previous, next });
  });

  it.each([
    { last: '2', completed: [], target: '2' },
    { last: null, completed: ['1'], target: '2' },
    { last: 'gone', completed: ['1', '2'], target: '3' },
    { last: null, completed: ['1', '2', '3'], target: '1' },
  ])('resumes at $target (last $last)', ({ last, completed, target }) => {
    expect(resumeTarget(['1', '2', '3'], new Set(completed), last)).toBe(target);
  });

  it('has nothing to resume in an empty course', () => {
    expect(resumeTarget([], new Set(), null)).toBeNull();
  });
});
