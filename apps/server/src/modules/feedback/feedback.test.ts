import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { Invalid } from '../../domain/errors';
import { upvoteProject } from './commands';

let t: TestApp;
let coach: string;
beforeAll(async () => {
  t = await createTestApp();
  coach = await t.login('coach@leerpad.test');
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie: coach, host: 'localhost' }, payload });

describe('product feedback', () => {
  it('lists ideas and projects in development', async () => {
    const body = (
      await t.app.inject({ url: '/api/feedback/projects', headers: { cookie: coach, host: 'localhost' } })
    ).json();
    const states = new Set(body.data.map((p: { attributes: { state: string } }) => p.attributes.state));
    expect(states).toEqual(new Set(['backlog', 'planned', 'started']));
  });

  it('files a note under the signed-in account and needs text', async () => {
    expect(
      (await post('/api/feedback/note', { feedback: 'Please add dark mode', segments: ['coach'] }))
        .statusCode,
    ).toBe(201);
    const empty = await post('/api/feedback/note', { feedback: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].source.pointer).toBe('/feedback');
  });

  it('writes a note about a project as it is read: the project a relationship, the sender the signed-in account', async () => {
    const [project] = (
      await t.app.inject({ url: '/api/feedback/projects', headers: { cookie: coach, host: 'localhost' } })
    ).json().data;
    const coachId = String(await t.accountId('coach@leerpad.test'));
    const studentId = String(await t.accountId('student@leerpad.test'));
    const sent = await post('/api/feedback/note', {
      feedback: 'Sort the ideas by votes',
      url: '/coach',
      project: { type: 'feedback_projects', id: project.id },
      account: { type: 'accounts', id: studentId },
    });
    expect(sent.statusCode).toBe(201);
    const note = sent.json().data;
    expect(note).toMatchObject({
      type: 'feedback_notes',
      attributes: { feedback: 'Sort the ideas by votes', url: '/coach', email: null, segments: [] },
      relationships: {
        project: { data: { type: 'feedback_projects', id: project.id } },
        account: { data: { type: 'accounts', id: coachId } },
      },
    });
    // The note as read is a note to send again.
    const { id: _id, ...again } = note;
    const resent = await post('/api/feedback/note', { data: again });
    expect(resent.statusCode).toBe(201);
    expect(resent.json().data.relationships.project.data.id).toBe(project.id);

    const unknown = await post('/api/feedback/note', {
      data: {
        type: 'feedback_notes',
        attributes: { feedback: 'About nothing' },
        relationships: { project: { data: { type: 'feedback_projects', id: '999999' } } },
      },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].source.pointer).toBe('/data/relationships/project/data');
    // The old name is not read: the note is about no project.
    const old = await post('/api/feedback/note', { feedback: 'Old shape', project_id: project.id });
    expect(old.statusCode).toBe(201);
    expect(old.json().data.relationships.project.data).toBeNull();
  });

  it('counts an upvote once per e-mail address', async () => {
    const [project] = (
      await t.app.inject({ url: '/api/feedback/projects', headers: { cookie: coach, host: 'localhost' } })
    ).json().data;
    const first = await post('/api/feedback/upvote', { email: 'coach@leerpad.test', project_id: project.id });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/feedback/upvote', { email: 'COACH@leerpad.test', project_id: project.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].code).toBe('ALREADY_UPVOTED');
    const after = (
      await t.app.inject({ url: '/api/feedback/projects', headers: { cookie: coach, host: 'localhost' } })
    ).json();
    const updated = after.data.find((p: { id: string }) => p.id === project.id);
    expect(updated.attributes.upvotes).toBe(project.attributes.upvotes + 1);
  });

  it('counts an upvote once per account, whatever e-mail address it gives', async () => {
    const [, , project] = (
      await t.app.inject({ url: '/api/feedback/projects', headers: { cookie: coach, host: 'localhost' } })
    ).json().data;
    expect(
      (await post('/api/feedback/upvote', { email: 'first@leerpad.test', project_id: project.id }))
        .statusCode,
    ).toBe(200);
    const otherAddress = await post('/api/feedback/upvote', {
      email: 'second@leerpad.test',
      project_id: project.id,
    });
    expect(otherAddress.statusCode).toBe(422);
    expect(otherAddress.json().errors[0].code).toBe('ALREADY_UPVOTED');
  });

  it('answers a project id beyond the id range with a 422 on the field, on both databases', async () => {
    for (const projectId of [2_147_483_648, '2147483648', 99_999_999_999]) {
      const response = await post('/api/feedback/upvote', {
        email: 'coach@leerpad.test',
        project_id: projectId,
      });
      expect(response.statusCode, String(projectId)).toBe(422);
      expect(response.json().errors[0].source.pointer).toBe('/project_id');
    }
  });
});

describe('upvoting at the same time', () => {
  it('counts one upvote when the same address upvotes twice at once', async () => {
    const db = t.services.db;
    const project = await db
      .selectFrom('feedback_projects')
      .select(['id', 'upvotes'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const accounts = await Promise.all(
      ['student@leerpad.test', 'classmate@leerpad.test'].map((email) => t.accountId(email)),
    );
    const results = await Promise.allSettled(
      accounts.map((accountId) =>
        upvoteProject(
          db,
          { accountId, email: 'Shared@Leerpad.test', projectId: project.id },
          (field) => `/${field}`,
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(Invalid);
    expect((refused.reason as Invalid).problems[0]).toMatchObject({
      code: 'ALREADY_UPVOTED',
      pointer: '/project_id',
    });
    const after = await db
      .selectFrom('feedback_projects')
      .select('upvotes')
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(after.upvotes).toBe(project.upvotes + 1);
  });
});
