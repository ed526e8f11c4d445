import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, requests, SAMPLE_COURSE } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let author: string;
let classmate: string;
let coach: string;
let authorId: number;
let classmateId: number;
let nosubId: number;
let course: number;
let section: string;

const ids = (list: Array<{ id: string }>) => list.map((item) => item.id).sort();

async function groupAssignment(title: string): Promise<string> {
  const admin = await t.login('admin@leerpad.test');
  const created = await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
    kind: 'assignment',
    title,
    settings: { group_submission: true },
  });
  return created.body.data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  author = await t.login('student@leerpad.test');
  classmate = await t.login('classmate@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  authorId = await t.accountId('student@leerpad.test');
  classmateId = await t.accountId('classmate@leerpad.test');
  nosubId = await t.accountId('nosub-student@leerpad.test');
  course = await courseId(t, SAMPLE_COURSE);
  const now = new Date().toISOString();
  await t.services.db
    .insertInto('enrollments')
    .values(
      [classmateId, nosubId].map((accountId) => ({
        portal_id: 1,
        course_id: course,
        account_id: accountId,
        status: 'active',
        last_learning_object_id: null,
        enrolled_at: now,
        last_activity_at: now,
        completed_at: null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['course_id', 'account_id']).doNothing())
    .execute();
  const admin = await t.login('admin@leerpad.test');
  const outline = await r.get(`/api/v1/courses/${course}?include=course_sections`, admin);
  section = outline.body.data.relationships.course_sections.data[0].id;
});
afterAll(() => t.close());

describe('inviting classmates to a group answer', () => {
  let assignment: string;
  let answerId: string;

  it('lists an invited classmate as invited, not as a member, until they accept', async () => {
    assignment = await groupAssignment('Team lift');
    const saved = await r.put(`/api/v1/learning_objects/${assignment}/answer`, author, {
      text: '<p>Together</p>',
      member_ids: [classmateId, nosubId],
    });
    expect(saved.status).toBe(200);
    answerId = saved.body.data.id;
    expect(ids(saved.body.data.relationships.members.data)).toEqual([String(authorId)]);
    expect(saved.body.data.attributes.invitations).toEqual(
      [
        { account_id: String(classmateId), state: 'invited' },
        { account_id: String(nosubId), state: 'invited' },
      ].sort((a, b) => Number(a.account_id) - Number(b.account_id)),
    );

    // The classmate has no answer of their own yet, and does not find it among their answers.
    const own = await r.get(`/api/v1/learning_objects/${assignment}/answer`, classmate);
    expect(own.body.data).toBeNull();
    const mine = await r.get(`/api/v1/answers?filter[learning_object]=${assignment}`, classmate);
    expect(mine.body.data).toEqual([]);
  });

  it('notifies the classmate with a link to the assignment, where the invitation waits', async () => {
    const notifications = await r.get(
      `/api/v1/accounts/${classmateId}/notifications?page[size]=1`,
      classmate,
    );
    expect(notifications.body.data[0].attributes.link).toBe(
      `/courses/${course}?learning_object=${assignment}`,
    );
    expect(notifications.body.data[0].attributes.message).toContain('Team lift');

    const invitations = await r.get(
      `/api/v1/learning_objects/${assignment}/answer/invitations?include=account`,
      classmate,
    );
    expect(invitations.status).toBe(200);
    expect(ids(invitations.body.data)).toEqual([answerId]);
    const [invitation] = invitations.body.data;
    expect(invitation.meta.abilities).toMatchObject({ respond: true, edit: false });
    // The invitee sees their own invitation, not who else was asked.
    expect(invitation.attributes.invitations).toEqual([
      { account_id: String(classmateId), state: 'invited' },
    ]);
    expect(invitations.body.included[0].attributes.full_name).toBe('Sam Student');
  });

  it('lets only the invitee answer the invitation, and refuses a made-up decision', async () => {
    const url = `/api/v1/answers/${answerId}/invitation`;
    expect((await r.post(url, author, { decision: 'accept' })).status).toBe(404);
    expect((await r.post(url, coach, { decision: 'accept' })).status).toBe(404);
    expect(
      (await r.post('/api/v1/answers/999999/invitation', classmate, { decision: 'accept' })).status,
    ).toBe(404);
    const bad = await r.post(url, classmate, { decision: 'maybe' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/decision');
  });

  it('makes the answer theirs once, even when accepted twice at the same moment', async () => {
    const url = `/api/v1/answers/${answerId}/invitation`;
    const [first, second] = await Promise.all([
      r.post(url, classmate, { decision: 'accept' }),
      r.post(url, classmate, { decision: 'accept' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const rows = await t.services.db
      .selectFrom('answer_members')
      .select('account_id')
      .where('answer_id', '=', Number(answerId))
      .execute();
    expect(rows.map((row) => row.account_id).sort((a, b) => a - b)).toEqual(
      [authorId, classmateId].sort((a, b) => a - b),
    );
    const own = await r.get(`/api/v1/learning_objects/${assignment}/answer?include=members`, classmate);
    expect(own.body.data.id).toBe(answerId);
    expect(own.body.data.meta.abilities.edit).toBe(true);
    const byAuthor = await r.get(`/api/v1/learning_objects/${assignment}/answer`, author);
    expect(ids(byAuthor.body.data.relationships.members.data)).toEqual(
      [String(authorId), String(classmateId)].sort(),
    );
    expect(byAuthor.body.data.attributes.invitations).toEqual([
      { account_id: String(nosubId), state: 'invited' },
    ]);
    const left = await r.get(`/api/v1/learning_objects/${assignment}/answer/invitations`, classmate);
    expect(left.body.data).toEqual([]);
  });

  it('grades only the members who accepted', async () => {
    const submitted = await r.post(`/api/v1/learning_objects/${assignment}/answer/submit`, author, {});
    expect(submitted.status).toBe(200);
    const queue = await r.get(`/api/v1/answers?filter[learning_object]=${assignment}&include=members`, coach);
    const [answer] = queue.body.data;
    expect(ids(answer.relationships.members.data)).toEqual([String(authorId), String(classmateId)].sort());
    expect(ids(queue.body.included)).not.toContain(String(nosubId));
    await r.patch(`/api/v1/answers/${answerId}`, coach, { outcome: 'approved', grade: 90 });
    // Each member hears of the review; the classmate who never answered the invitation does not.
    const notified = await t.services.db
      .selectFrom('notifications')
      .select('account_id')
      .where('link', '=', `/courses/${course}?learning_object=${assignment}`)
      .execute();
    const count = (accountId: number) => notified.filter((row) => row.account_id === accountId).length;
    expect([count(authorId), count(classmateId), count(nosubId)]).toEqual([1, 2, 1]);
    // Approved answers take no new members.
    const nosub = await t.login('nosub-student@leerpad.test');
    const late = await r.post(`/api/v1/answers/${answerId}/invitation`, nosub, { decision: 'accept' });
    expect(late.status).not.toBe(200);
    expect(late.status).toBeLessThan(500);
  });
});

describe('declining an invitation', () => {
  it('shows the author it was declined and leaves the classmate free to answer alone', async () => {
    const assignment = await groupAssignment('Team carry');
    const answerUrl = `/api/v1/learning_objects/${assignment}/answer`;
    const saved = await r.put(answerUrl, author, { text: '<p>Carry</p>', member_ids: [classmateId] });
    const declined = await r.post(`/api/v1/answers/${saved.body.data.id}/invitation`, classmate, {
      decision: 'decline',
    });
    expect(declined.status).toBe(200);
    expect(ids(declined.body.data.relationships.members.data)).toEqual([String(authorId)]);

    const byAuthor = await r.get(answerUrl, author);
    expect(byAuthor.body.data.attributes.invitations).toEqual([
      { account_id: String(classmateId), state: 'declined' },
    ]);
    expect((await r.get(`${answerUrl}/invitations`, classmate)).body.data).toEqual([]);
    expect(
      (await r.post(`/api/v1/answers/${saved.body.data.id}/invitation`, classmate, { decision: 'accept' }))
        .status,
    ).toBe(404);

    // Saving the same members again does not ask the classmate a second time.
    const before = (await r.get(`/api/v1/accounts/${classmateId}/notifications`, classmate)).body.meta.total;
    await r.put(answerUrl, author, { text: '<p>Carry it</p>', member_ids: [classmateId] });
    expect((await r.get(`/api/v1/accounts/${classmateId}/notifications`, classmate)).body.meta.total).toBe(
      before,
    );
    const own = await r.put(answerUrl, classmate, { text: '<p>My own</p>' });
    expect(own.status).toBe(200);
    expect(own.body.data.id).not.toBe(saved.body.data.id);
  });
});
