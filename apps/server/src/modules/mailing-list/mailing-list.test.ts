import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;

const csvOf = async (cookie: string, host = 'localhost') =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/mailing_list_settings/export',
    headers: { host, cookie, 'x-requested-with': 'XMLHttpRequest' },
  });

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
});
afterAll(() => t.close());

describe('mailing list settings', () => {
  it('show the portal’s opt-in text, and only staff with marketing rights read them', async () => {
    const settings = await r.get('/api/v1/mailing_list_settings', admin);
    expect(settings.status).toBe(200);
    expect(settings.body.data.attributes.opt_in_text).toContain('nieuwsbrief');
    expect(settings.body.data.attributes.default_consent).toBe(false);
    expect(settings.body.data.attributes.consenting_accounts).toBe(1);
    const student = await t.login('student@leerpad.test');
    expect((await r.get('/api/v1/mailing_list_settings', student)).status).toBe(403);
    expect((await r.patch('/api/v1/mailing_list_settings', student, { default_consent: true })).status).toBe(
      403,
    );
    expect((await csvOf(student)).statusCode).toBe(403);
  });

  it('export the consenting accounts, following the default consent and own choices', async () => {
    let csv = await csvOf(admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('student@leerpad.test');

    const coach = await t.login('coach@leerpad.test');
    await r.put('/api/v1/me/mailing_list_consent', coach, { consented: false });
    const changed = await r.patch('/api/v1/mailing_list_settings', admin, {
      default_consent: true,
      opt_in_text: 'Nieuwsbrief graag',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes.default_consent).toBe(true);
    csv = await csvOf(admin);
    expect(csv.body).toContain('admin@leerpad.test');
    expect(csv.body).not.toContain('coach@leerpad.test');
    expect(csv.body).not.toContain('second-student@leerpad.test');

    const bad = await r.patch('/api/v1/mailing_list_settings', admin, { default_consent: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/default_consent');

    const audit = await t.services.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'mailing_list_settings')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['mailing_list_settings.updated']);

    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const second = await r.get('/api/v1/mailing_list_settings', secondAdmin, SECOND_HOST);
    expect(second.body.data.attributes.default_consent).toBe(false);
  });
});
