import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let academyId: number;
let secondId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  const portals = await t.services.db.selectFrom('portals').select(['id', 'name']).orderBy('id').execute();
  academyId = portals.find((portal) => portal.name === 'Leerpad Academy')!.id;
  secondId = portals.find((portal) => portal.name === 'Second Portal')!.id;
});
afterAll(() => t.close());

type Flag = { id: string; attributes: { name: string; enabled: boolean; permissions: string[] } };

describe('feature flags', () => {
  it('lists all eleven features with whether the portal has them on', async () => {
    const list = await r.get(`/api/v1/portals/${academyId}/feature_flags`, admin);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(11);
    const support = list.body.data.find((flag: Flag) => flag.id === 'account-support');
    expect(support.attributes).toEqual({
      name: 'account-support',
      enabled: true,
      permissions: ['use:support-palette'],
    });
    const second = await r.get(`/api/v1/portals/${secondId}/feature_flags`, admin);
    expect(second.body.data.find((flag: Flag) => flag.id === 'account-support').attributes.enabled).toBe(
      false,
    );
  });

  it('switches a feature off and on with immediate effect, audited', async () => {
    const student = await t.login('student@leerpad.test');
    expect((await r.get('/api/v1/catalog_categories', student)).status).toBe(200);
    const off = await r.patch(`/api/v1/portals/${academyId}/feature_flags/catalog-categories`, admin, {
      enabled: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.data.attributes.enabled).toBe(false);
    const refused = await r.get('/api/v1/catalog_categories', student);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('FEATURE_DISABLED');
    const me = await r.get('/api/v1/me', student);
    expect(me.body.meta.features).not.toContain('catalog-categories');

    await r.patch(`/api/v1/portals/${academyId}/feature_flags/catalog-categories`, admin, { enabled: true });
    expect((await r.get('/api/v1/catalog_categories', student)).status).toBe(200);

    const audit = await t.services.db
      .selectFrom('audit_events')
      .select(['action', 'entity_id', 'actor_id'])
      .where('entity_type', '=', 'feature_flag')
      .orderBy('id')
      .execute();
    expect(audit.map((event) => event.action)).toEqual(['feature_flag.disabled', 'feature_flag.enabled']);
    expect(audit[0]!.entity_id).toBe('catalog-categories');
    expect(audit[0]!.actor_id).toBe(await t.accountId('admin@leerpad.test'));
  });

  it('refuses an unknown feature, a missing value, and anyone but platform admins', async () => {
    expect(
      (await r.patch(`/api/v1/portals/${academyId}/feature_flags/teleport`, admin, { enabled: true })).status,
    ).toBe(404);
    const bad = await r.patch(`/api/v1/portals/${academyId}/feature_flags/follow-ups`, admin, {
      enabled: 'yes',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/enabled');
    expect((await r.get(`/api/v1/portals/999999/feature_flags`, admin)).status).toBe(404);
    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    expect((await r.get(`/api/v1/portals/${secondId}/feature_flags`, secondAdmin, SECOND_HOST)).status).toBe(
      403,
    );
  });
});
