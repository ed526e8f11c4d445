import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalScope } from '../../db/schema';
import { Gone } from '../../domain/errors';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { hashToken } from '../../http/session';
import { askForFeedback, commentOnPortfolioItem, giveFeedbackThroughLink, replaceRubric } from './commands';
import { FEEDBACK_LINK_DAYS, findItem, RUBRIC_PARAMETER, rubricOf } from './service';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let studentId: number;
let scope: PortalScope;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  const account = await t.services.db
    .selectFrom('accounts')
    .select('portal_id')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  scope = (await t.services.portals.findById(account.portal_id))!.id;
});
afterAll(() => t.close());

async function sharedItem() {
  const { status, body } = await r.post('/api/v1/portfolio_items', student, {
    kind: 'reflection',
    title: 'Lifting safely',
    body: '<p>Bend the knees.</p>',
    visibility: 'coaches',
  });
  expect(status).toBe(201);
  return findItem(t.services.db, scope, Number(body.data.id));
}

const notices = (key: string) =>
  t.services.db
    .selectFrom('notifications')
    .select('id')
    .where('account_id', '=', studentId)
    .where('message_key', '=', key)
    .execute();

describe('giving feedback through a link', () => {
  it('stores the rating once and tells the student once; a second rating is refused as used', async () => {
    const item = await sharedItem();
    const asked = await r.post('/api/v1/feedback_requests', student, {
      item: { type: 'portfolio_items', id: String(item.id) },
      email: 'trainer@workplace.test',
      name: 'Wim Trainer',
    });
    expect(asked.status).toBe(201);
    const request = await t.services.db
      .selectFrom('feedback_requests')
      .selectAll()
      .where('id', '=', Number(asked.body.data.id))
      .executeTakeFirstOrThrow();
    const before = (await notices('portfolio_feedback_received')).length;

    const rated = await giveFeedbackThroughLink(t.services.db, scope, request, item, {
      scores: [4, 5],
      comment: 'Well done',
    });
    expect(JSON.parse(rated.scores!)).toEqual([4, 5]);
    expect(rated.comment).toBe('Well done');
    expect(rated.rated_at).not.toBeNull();

    const again = giveFeedbackThroughLink(t.services.db, scope, request, item, { scores: [1, 1] });
    await expect(again).rejects.toBeInstanceOf(Gone);
    await expect(again).rejects.toMatchObject({ problem: { code: 'RATING_LINK_USED' } });
    const stored = await t.services.db
      .selectFrom('feedback_requests')
      .select('scores')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.scores!)).toEqual([4, 5]);
    expect((await notices('portfolio_feedback_received')).length).toBe(before + 1);
  });
});

describe('commenting on a portfolio item', () => {
  it('stores the comment and notifies the student who owns the item', async () => {
    const item = await sharedItem();
    const coachId = await t.accountId('coach@leerpad.test');
    const before = (await notices('portfolio_comment_added')).length;
    const comment = await commentOnPortfolioItem(
      t.services.db,
      scope,
      item,
      { id: coachId, fullName: 'Coach' },
      'Good reflection.',
    );
    expect(comment).toMatchObject({ item_id: item.id, author_id: coachId, body: 'Good reflection.' });
    expect((await notices('portfolio_comment_added')).length).toBe(before + 1);
  });
});

describe('asking for feedback', () => {
  it("stores the request with the portal's rubric and mails a link whose token only its hash is kept of", async () => {
    const item = await sharedItem();
    const portal = (await t.services.portals.findById(scope))!;
    const sent = t.mail.length;
    const row = await askForFeedback(
      t.services.db,
      t.services.mailer,
      portal,
      { id: studentId, fullName: 'Demo Student' },
      item,
      { email: 'Mentor@Workplace.test', name: 'Mia Mentor', message: 'Graag je blik hierop' },
    );
    expect(row).toMatchObject({ email: 'mentor@workplace.test', name: 'Mia Mentor', rated_at: null });
    expect(JSON.parse(row.criteria)).toEqual(rubricOf(portal));
    const days = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 86_400_000;
    expect(days).toBe(FEEDBACK_LINK_DAYS);
    const mail = await t.mailAfter(sent);
    expect(mail.to).toContain('mentor@workplace.test');
    const token = decodeURIComponent(/\/rate\?token=([^\s"<>]+)/.exec(mail.text)![1]!);
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.token_hash).not.toContain(token);
    // The link opens the form as a guest.
    const form = await r.get(`/api/v1/rate/${encodeURIComponent(token)}`, '');
    expect(form.status).toBe(200);
  });
});

describe('replacing the rubric', () => {
  it('keeps one rubric row when two replacements run at once, and audits each', async () => {
    const adminId = await t.accountId('admin@leerpad.test');
    const actor = { actorId: adminId, actingForId: null, ip: '127.0.0.1' };
    const audited = async () =>
      (
        await t.services.db
          .selectFrom('audit_events')
          .select('id')
          .where('portal_id', '=', scope)
          .where('action', '=', 'portal.rubric_changed')
          .execute()
      ).length;
    const before = await audited();
    const first = [{ names: { en: 'Safety', nl: 'Veiligheid' } }];
    const second = [{ names: { en: 'Care', nl: 'Zorg' } }, { names: { en: 'Pace', nl: 'Tempo' } }];
    await Promise.all([
      replaceRubric(t.services.db, scope, actor, first),
      replaceRubric(t.services.db, scope, actor, second),
    ]);
    const rows = await t.services.db
      .selectFrom('portal_parameters')
      .select('data')
      .where('portal_id', '=', scope)
      .where('type', '=', RUBRIC_PARAMETER)
      .execute();
    expect(rows).toHaveLength(1);
    expect([JSON.stringify(first), JSON.stringify(second)]).toContain(rows[0]!.data);
    expect(await audited()).toBe(before + 2);
  });
});
