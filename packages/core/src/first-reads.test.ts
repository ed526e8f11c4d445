import { describe, expect, it } from 'vitest';
import {
  catalogAddress,
  courseOverviewAddress,
  firstReads,
  followingReads,
  learningObjectAddress,
  notificationsAddress,
} from './first-reads';

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

  it("are the catalog's first page in its default order, with the labels and categories it filters by, unless the address chooses", () => {
    expect(firstReads('/catalog', '', '7')).toEqual([
      catalogAddress(1, 25),
      '/api/v1/content_labels',
      '/api/v1/catalog_categories',
    ]);
    expect(catalogAddress(1, 25)).toBe(
      '/api/v1/courses?include=catalog_category,content_labels,enrollment&sort=title&page[number]=1&page[size]=25',
    );
    expect(firstReads('/catalog', 'q=safety', '7')).toEqual([]);
    expect(firstReads('/catalog', '?page=2', '7')).toEqual([]);
  });

  it('are none for other pages, nor for a course address that is not a course page', () => {
    expect(firstReads('/catalog/3', '', '7')).toEqual([]);
    expect(firstReads('/courses/12/certificate', '', '7')).toEqual([]);
    expect(firstReads('/courses/new', '', '7')).toEqual([]);
  });
});

/** A course page's outline as the API sends it: sections listed out of order, two objects completed. */
function outline({ enrolled = true, lastId = null as string | null } = {}) {
  const refs = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });
  const object = (id: string) => ({ type: 'learning_objects', id, attributes: { title: `Object ${id}` } });
  const progress = (id: string, objectId: string, completed: boolean) => ({
    type: 'learning_object_progress',
    id,
    attributes: { completed },
    relationships: { learning_object: { data: { type: 'learning_objects', id: objectId } } },
  });
  return {
    data: {
      type: 'courses',
      id: '12',
      relationships: {
        course_sections: refs('course_sections', ['21', '20']),
        enrollment: { data: enrolled ? { type: 'enrollments', id: '5' } : null },
      },
    },
    included: [
      {
        type: 'course_sections',
        id: '21',
        attributes: { position: 2 },
        relationships: { learning_objects: refs('learning_objects', ['33']) },
      },
      {
        type: 'course_sections',
        id: '20',
        attributes: { position: 1 },
        relationships: { learning_objects: refs('learning_objects', ['31', '32']) },
      },
      object('31'),
      object('32'),
      object('33'),
      progress('1', '31', true),
      progress('2', '32', false),
      ...(enrolled
        ? [
            {
              type: 'enrollments',
              id: '5',
              relationships: {
                last_learning_object: { data: lastId ? { type: 'learning_objects', id: lastId } : null },
              },
            },
          ]
        : []),
    ],
  };
}

describe("the course page's following reads", () => {
  const answers = (document: unknown) => ({ [courseOverviewAddress('12')]: document });

  it('are the object the player opens: where the student left off, else the first not completed', () => {
    expect(followingReads('/courses/12', '', answers(outline({ lastId: '33' })))).toEqual([
      learningObjectAddress('33'),
    ]);
    expect(followingReads('/courses/12', '', answers(outline()))).toEqual([learningObjectAddress('32')]);
    expect(learningObjectAddress('32')).toBe('/api/v1/learning_objects/32?include=file');
  });

  it('are the object the address asks for when the course has it, and the resume point when not', () => {
    expect(followingReads('/courses/12', 'learning_object=31', answers(outline()))).toEqual([
      learningObjectAddress('31'),
    ]);
    expect(followingReads('/courses/12', 'learning_object=99', answers(outline()))).toEqual([
      learningObjectAddress('32'),
    ]);
    expect(followingReads('/courses/12', 'learning_object=x31', answers(outline()))).toEqual([
      learningObjectAddress('32'),
    ]);
  });

  it('are none without a player (not enrolled), without an outline, or on another page', () => {
    expect(followingReads('/courses/12', '', answers(outline({ enrolled: false })))).toEqual([]);
    expect(followingReads('/courses/12', '', {})).toEqual([]);
    expect(followingReads('/courses/12', '', answers({ errors: [] }))).toEqual([]);
    expect(followingReads('/catalog', '', answers(outline()))).toEqual([]);
  });
});
