import { describe, expect, it } from 'vitest';
import { courseOverviewAddress, firstReads, notificationsAddress } from './first-reads';

describe("a page's first reads", () => {
  it("are the course page's outline, with everything the player shows", () => {
    expect(firstReads('/courses/12', '', '7')).toEqual([courseOverviewAddress('12')]);
    expect(courseOverviewAddress('12')).toBe(
      '/api/v1/courses/12?include=catalog_category,content_labels,course_sections,enrollment,learning_object_progress,learning_objects',
    );
  });

  it("are the account's first page of notifications at the default size, unless the address chooses another", () => {
    expect(firstReads('/notifications', '', '7')).toEqual([notificationsAddress('7', 1, 25)]);
    expect(notificationsAddress('7', 1, 25)).toBe(
      '/api/v1/accounts/7/notifications?page[number]=1&page[size]=25',
    );
    expect(firstReads('/notifications', 'page=2', '7')).toEqual([]);
    expect(firstReads('/notifications', 'size=50', '7')).toEqual([]);
  });

  it('are none for other pages, nor for a course address that is not a course page', () => {
    expect(firstReads('/catalog', '', '7')).toEqual([]);
    expect(firstReads('/courses/12/certificate', '', '7')).toEqual([]);
    expect(firstReads('/courses/new', '', '7')).toEqual([]);
  });
});
