import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { baseTexts, placeholdersOf } from './base-texts';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let portalId: string;
const languages = async () =>
  (await r.get(`/api/v1/portals/${portalId}/languages`, admin)).body.data as Array<{
    id: string;
    attributes: { locale: string; is_primary: boolean; overrides: string };
  }>;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  portalId = (await r.get('/api/v1/portals/current', admin)).body.data.id;
});
afterAll(() => t.close());

describe('portal settings', () => {
  it("reads the web app's English texts and their placeholders", () => {
    expect(baseTexts().get('greeting.morning')).toBe('Good morning, {{name}}');
    expect(baseTexts().get('settings.feature_flags.title')).toBe('Feature flags');
    expect(placeholdersOf('{{a}} and {{ b }} and {{a}}')).toEqual(['a', 'b']);
  });

  it('saves overrides, refusing unknown keys and changed placeholders with pointers', async () => {
    const nl = (await languages()).find((l) => l.attributes.locale === 'nl')!;
    const url = `/api/v1/portals/${portalId}/languages/${nl.id}`;
    const bad = await r.patch(url, admin, {
      data: {
        type: 'portal_languages',
        id: nl.id,
        attributes: {
          overrides: JSON.stringify({
            nl: { 'greeting.morning': 'Goedemorgen!', 'no.such.key': 'x', 'header.home_link': '{{portal}}' },
          }),
        },
      },
    });
    expect(bad.status).toBe(422);
    const byPointer = Object.fromEntries(
      bad.body.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]),
    );
    expect(byPointer).toEqual({
      '/data/attributes/overrides/nl/greeting.morning': 'OVERRIDE_PLACEHOLDERS',
      '/data/attributes/overrides/nl/no.such.key': 'UNKNOWN_TEXT_KEY',
    });
    const wrongLocale = await r.patch(url, admin, { overrides: '{"en":{"greeting.morning":"Hi {{name}}"}}' });
    expect(wrongLocale.body.errors[0].source.pointer).toBe('/overrides/en');
    const notJson = await r.patch(url, admin, { overrides: '{nope' });
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors[0].source.pointer).toBe('/overrides');

    const good = await r.patch(url, admin, {
      overrides: JSON.stringify({ nl: { 'greeting.morning': 'Goeiemorgen {{name}}!' } }),
    });
    expect(good.status).toBe(200);
    expect(JSON.parse(good.body.data.attributes.overrides)).toEqual({
      nl: { 'greeting.morning': 'Goeiemorgen {{name}}!' },
    });
    const visitor = await r.get('/api/v1/portals/current?include=languages', '');
    const stored = visitor.body.included.find(
      (l: { attributes: { locale: string } }) => l.attributes.locale === 'nl',
    );
    expect(stored.attributes.overrides).toContain('Goeiemorgen');
    const audit = await t.services.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'portal_language.changed')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('enables and disables languages and moves the primary, keeping the primary enabled', async () => {
    const before = await languages();
    const ro = before.find((l) => l.attributes.locale === 'ro')!;
    const nl = before.find((l) => l.attributes.locale === 'nl')!;
    expect(nl.attributes.is_primary).toBe(true);
    const refused = await r.del(`/api/v1/portals/${portalId}/languages/${nl.id}`, admin);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].code).toBe('PRIMARY_LANGUAGE');

    expect((await r.del(`/api/v1/portals/${portalId}/languages/${ro.id}`, admin)).status).toBe(200);
    expect((await languages()).map((l) => l.attributes.locale)).toEqual(['nl', 'en']);
    const unknown = await r.post(`/api/v1/portals/${portalId}/languages`, admin, { locale: 'de' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].source.pointer).toBe('/locale');
    const added = await r.post(`/api/v1/portals/${portalId}/languages`, admin, { locale: 'ro' });
    expect(added.status).toBe(201);
    expect(added.body.data.attributes).toMatchObject({ locale: 'ro', is_primary: false });

    const en = (await languages()).find((l) => l.attributes.locale === 'en')!;
    const primary = await r.patch(`/api/v1/portals/${portalId}/languages/${en.id}`, admin, {
      is_primary: true,
    });
    expect(primary.body.data.attributes.is_primary).toBe(true);
    const portal = (await r.get('/api/v1/portals/current?include=languages', '')).body;
    expect(portal.data.attributes.parameters).toContainEqual({ type: 'default_language', data: 'en' });
    expect(portal.included[0].attributes.locale).toBe('en');
    await r.patch(`/api/v1/portals/${portalId}/languages/${nl.id}`, admin, { is_primary: true });
  });

  it("changes the portal's knowledge base URL and chat id, refusing what is not an http(s) address", async () => {
    const bad = await r.patch(`/api/v1/portals/${portalId}`, admin, {
      information: { knowledge_base_url: 'javascript:alert(1)', zendesk_chat_id: 'a b' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/information/knowledge_base_url',
      '/information/zendesk_chat_id',
    ]);
    const good = await r.patch(`/api/v1/portals/${portalId}`, admin, {
      information: { knowledge_base_url: 'https://kb.example.test/help', zendesk_chat_id: 'abc-123' },
    });
    expect(good.status).toBe(200);
    expect(good.body.data.attributes.information).toEqual({
      knowledge_base_url: 'https://kb.example.test/help',
      zendesk_chat_id: 'abc-123',
    });
    const cleared = await r.patch(`/api/v1/portals/${portalId}`, admin, {
      information: { zendesk_chat_id: null },
    });
    expect(cleared.body.data.attributes.information.zendesk_chat_id).toBeNull();
  });

  it("allows the chat widget's hosts in the page policy only while the portal has a chat id", async () => {
    const policy = async () =>
      String(
        (await t.app.inject({ url: '/catalog', headers: { host: 'localhost' } })).headers[
          'content-security-policy'
        ],
      );
    expect(await policy()).not.toContain('zdassets');
    await r.patch(`/api/v1/portals/${portalId}`, admin, { information: { zendesk_chat_id: 'chat-key-1' } });
    const withChat = await policy();
    expect(withChat).toContain("script-src 'self' https://static.zdassets.com");
    expect(withChat).toContain('wss://*.zopim.com');
    const second = await t.app.inject({ url: '/catalog', headers: { host: SECOND_HOST } });
    expect(String(second.headers['content-security-policy'])).not.toContain('zdassets');
    await r.patch(`/api/v1/portals/${portalId}`, admin, { information: { zendesk_chat_id: null } });
    expect(await policy()).not.toContain('zdassets');
  });

  it('lets only portal-settings staff change settings, and only of their own portal', async () => {
    const coach = await t.login('coach@leerpad.test');
    expect((await r.patch(`/api/v1/portals/${portalId}`, coach, { information: {} })).status).toBe(403);
    expect((await r.post(`/api/v1/portals/${portalId}/languages`, coach, { locale: 'en' })).status).toBe(403);
    const otherAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const other = await r.patch(`/api/v1/portals/${portalId}`, otherAdmin, { information: {} }, SECOND_HOST);
    expect(other.status).toBe(404);
  });
});
