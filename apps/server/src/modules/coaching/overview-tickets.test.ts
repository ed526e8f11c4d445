import { afterAll, beforeAll, expect, it } from 'vitest';
import { withFeaturesOff } from '../../test/features';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let coach: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  coach = await t.login('coach@leerpad.test');
});
afterAll(() => t.close());

it("lists the open tickets that wait for the coach's answer on the overview, and none without tickets", async () => {
  const { status, body } = await r.get('/api/v1/coach/overview', coach);
  expect(status).toBe(200);
  const tickets = body.data.attributes.open_tickets as Array<Record<string, unknown>>;
  // Sam's open question to Carla, and any open one that went to every coach; never an answered one.
  expect(tickets.map((ticket) => ticket.subject)).toContain('Hoe zwaar mag ik alleen tillen?');
  expect(tickets.map((ticket) => ticket.subject)).not.toContain('Vraag over de tilchecklist');
  expect(tickets.find((ticket) => ticket.subject === 'Hoe zwaar mag ik alleen tillen?')).toMatchObject({
    student_name: 'Sam Student',
    age_days: expect.any(Number),
  });

  const portal = await t.services.db
    .selectFrom('accounts')
    .select('portal_id')
    .where('email', '=', 'coach@leerpad.test')
    .executeTakeFirstOrThrow();
  await withFeaturesOff(t, portal.portal_id, ['review-tickets'], async () => {
    const off = await r.get('/api/v1/coach/overview', coach);
    expect(off.body.data.attributes.open_tickets).toEqual([]);
  });
});
