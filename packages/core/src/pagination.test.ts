import { describe, expect, it } from 'vitest';
import { clampPageSize, lastPage, paginationWindow, shouldShowPagination } from './pagination';

describe('pagination', () => {
  it.each([
    [25, false],
    [26, true],
    [0, false],
    [undefined, false],
  ])('a total of %s shows controls: %s', (total, shown) => {
    expect(shouldShowPagination(total)).toBe(shown);
  });

  it.each([
    [0, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [101, 50, 3],
  ])('%i results at %i per page → %i pages', (total, size, pages) => {
    expect(lastPage(total, size)).toBe(pages);
  });

  it.each([
    { current: 10, last: 20, pages: [1, 2, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 19, 20] },
    { current: 1, last: 20, pages: [1, 2, 3, 'ellipsis', 19, 20] },
    { current: 20, last: 20, pages: [1, 2, 'ellipsis', 18, 19, 20] },
    { current: 6, last: 20, pages: [1, 2, 3, 4, 5, 6, 7, 8, 'ellipsis', 19, 20] },
    { current: 15, last: 20, pages: [1, 2, 'ellipsis', 13, 14, 15, 16, 17, 18, 19, 20] },
    { current: 3, last: 5, pages: [1, 2, 3, 4, 5] },
    { current: 1, last: 1, pages: [1] },
    { current: 99, last: 3, pages: [1, 2, 3] },
  ])('page $current of $last → $pages', ({ current, last, pages }) => {
    expect(paginationWindow(current, last)).toEqual(pages);
  });

  it('honours custom edge and neighbour counts', () => {
    expect(paginationWindow(10, 20, 1, 1)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
  });

  it.each([
    [50, 50],
    [500, 100],
    [0, 25],
    [-5, 25],
    ['75', 75],
    ['lots', 25],
    [undefined, 25],
    [30.7, 30],
  ])('page size %j → %i', (size, clamped) => {
    expect(clampPageSize(size)).toBe(clamped);
  });
});
