import { renderMessage } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningObjectId, requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_OBJECTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let coach: string;
let coachId: number;
let studentId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  coachId = await t.accountId('coach@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
});
afterAll(() => t.close());

const unreadOf = async (cookie: string, accountId: number) =>
  (await r.get(`/api/v1/accounts/${accountId}/notifications?filter[status]=unread`, cookie)).body;

describe('handing in an answer', () => {
  it("tells the student's coach, in the coach's language, with a link to the review page", async () => {
    const before = (await unreadOf(coach, coachId)).meta.unread;
    const assignment = await learningObjectId(t, ACADEMY_OBJECTS.assignment);
    const submitted = await r.post(`/api/v1/learning_objects/${assignment}/answer/submit`, student, {
      text: '<p>We lift together on a count of three.</p>',
    });
    expect(submitted.status).toBe(200);
    const unread = await unreadOf(coach, coachId);
    expect(unread.meta.unread).toBe(before + 1);
    const [newest] = unread.data;
    expect(newest.attributes.link).toBe(`/coach/courses/answers/${submitted.body.data.id}`);
    expect(newest.attributes.message).toBe(
      renderMessage('answer_submitted', { student: 'Sam Student', title: ACADEMY_OBJECTS.assignment }, 'nl'),
    );
  });

  it("lists the student's answers at the same assignment for the coach", async () => {
    const assignment = await learningObjectId(t, ACADEMY_OBJECTS.assignment);
    const list = await r.get(
      `/api/v1/answers?filter[learning_object]=${assignment}&filter[account]=${studentId}`,
      coach,
    );
    expect(list.status).toBe(200);
    expect(
      list.body.data.map((answer: { attributes: { status: string } }) => answer.attributes.status),
    ).toEqual(['submitted']);
  });
});
