import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { DEMO_PASSWORD } from '../../db/seed/demo';

let t: TestApp;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  support = await t.login('support@leerpad.test');
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; host?: string; payload?: object } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...XHR,
      host: options.host ?? 'localhost',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });

const newPortal = (attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'portals',
    attributes: {
      name: 'Academie Noord',
      domains: ['Noord.example.nl', 'www.noord.example.nl'],
      languages: ['nl', 'en'],
      primary_language: 'nl',
      business_models: ['subscription'],
      seller: { name: 'Noord B.V.', address: 'Dorpsstraat 1, Groningen', country: 'nl', vat_id: 'NL123B01' },
      first_admin: { email: 'Beheer@Noord.example.nl', full_name: 'Anna Noord' },
      ...attributes,
    },
  },
});

describe('creating a portal', () => {
  it('creates the portal, its addresses, languages and first admin, who is invited in the portal language', async () => {
    const mailBefore = t.mail.length;
    const response = await send('POST', '/api/v1/portals', { cookie: support, payload: newPortal() });
    expect(response.statusCode).toBe(201);
    const portal = response.json().data;
    expect(response.headers.location).toBe(`/api/v1/portals/${portal.id}`);
    expect(portal.attributes).toMatchObject({
      name: 'Academie Noord',
      status: 'active',
      primary_domain: 'noord.example.nl',
      business_models: ['subscription'],
      base_url: 'http://noord.example.nl',
    });

    // It answers on its address at once, in its own languages.
    const current = await send('GET', '/api/v1/portals/current?include=languages', {
      host: 'noord.example.nl',
    });
    expect(current.json().data.attributes.name).toBe('Academie Noord');
    expect(
      current.json().included.map((l: { attributes: { locale: string } }) => l.attributes.locale),
    ).toEqual(['nl', 'en']);

    const mail = await t.mailAfter(mailBefore);
    expect(mail.to).toContain('beheer@noord.example.nl');
    expect(mail.subject).toContain('Academie Noord');
    expect(mail.text).toContain('http://noord.example.nl/auth/password/reset?token=');
    // Dutch: the portal's primary language.
    expect(mail.text).toMatch(/wachtwoord/i);

    // The invited admin sets a password and signs in on the new portal as its academy admin.
    const token = /token=([^\s]+)/.exec(mail.text)![1]!;
    const reset = await send('POST', '/api/auth/password/reset', {
      host: 'noord.example.nl',
      payload: { token: decodeURIComponent(token), password: 'noord-wachtwoord-1' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const login = await send('POST', '/api/auth/login', {
      host: 'noord.example.nl',
      payload: { email: 'beheer@noord.example.nl', password: 'noord-wachtwoord-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.attributes.roles ?? login.json().included).toBeDefined();

    // Seller details are where invoices read them.
    const settings = await t.services.portals.findById(Number(portal.id));
    const commerce = JSON.parse(settings!.parameters.find((p) => p.type === 'commerce')!.data);
    expect(commerce.seller).toEqual({
      name: 'Noord B.V.',
      address: 'Dorpsstraat 1, Groningen',
      country: 'NL',
      vat_id: 'NL123B01',
      email: null,
    });
  });

  it('answers 409 pointing at an address another portal uses, and 422 at a malformed one', async () => {
    const taken = await send('POST', '/api/v1/portals', {
      cookie: support,
      payload: newPortal({ domains: ['fresh.example.nl', 'SECOND.localhost'] }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({
      code: 'DOMAIN_TAKEN',
      source: { pointer: '/data/attributes/domains/1' },
    });

    const malformed = await send('POST', '/api/v1/portals', {
      cookie: support,
      payload: newPortal({
        domains: ['ok.example.nl', 'https://bad.example.nl/path', 'ok.example.nl:8080'],
        first_admin: { email: 'not-an-address', full_name: 'X' },
      }),
    });
    expect(malformed.statusCode).toBe(422);
    const pointersOf = (response: typeof malformed) =>
      response.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointersOf(malformed)).toEqual([
      '/data/attributes/domains/1',
      '/data/attributes/domains/2',
      '/data/attributes/first_admin/email',
    ]);
    expect(malformed.json().errors[0].code).toBe('INVALID_DOMAIN');
    const listedTwice = await send('POST', '/api/v1/portals', {
      cookie: support,
      payload: newPortal({
        domains: ['ok.example.nl', 'OK.example.nl'],
        languages: ['en'],
        primary_language: 'nl',
      }),
    });
    expect(listedTwice.statusCode).toBe(422);
    expect(pointersOf(listedTwice)).toEqual([
      '/data/attributes/domains/1',
      '/data/attributes/primary_language',
    ]);
    // Nothing was created.
    expect((await send('GET', '/api/v1/portals/current', { host: 'ok.example.nl' })).statusCode).toBe(404);
  });

  it('starts the portal in its theme, refuses a colour that fails WCAG AA, and takes the logo uploaded next', async () => {
    const failing = await send('POST', '/api/v1/portals', {
      cookie: support,
      payload: newPortal({
        name: 'Pale',
        domains: ['pale.example.nl'],
        first_admin: { email: 'pale@example.nl', full_name: 'Pale' },
        theme: { primary_color: '#a3e635', secondary_color: '#14532d' },
      }),
    });
    expect(failing.statusCode).toBe(422);
    expect(failing.json().errors[0]).toMatchObject({
      code: 'THEME_CONTRAST',
      source: { pointer: '/data/attributes/theme/primary_color' },
      meta: { colour: '#a3e635' },
    });
    expect((await send('GET', '/api/v1/portals/current', { host: 'pale.example.nl' })).statusCode).toBe(404);

    const green = await send('POST', '/api/v1/portals', {
      cookie: support,
      payload: newPortal({
        name: 'Groen',
        domains: ['groen.example.nl'],
        first_admin: { email: 'groen@example.nl', full_name: 'Groen' },
        theme: { primary_color: '#166534', secondary_color: '#A3E635' },
      }),
    });
    expect(green.statusCode).toBe(201);
    const id = green.json().data.id as string;
    expect(green.json().data.attributes.theme).toMatchObject({
      primary_color: '#166534',
      secondary_color: '#a3e635',
      logo_url: null,
    });

    // The operator uploads the logo to the new portal right after creating it.
    const boundary = 'logo-boundary';
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#166534"/></svg>';
    const logo = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/portals/${id}/logo`,
      headers: {
        ...XHR,
        cookie: support,
        host: 'localhost',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.svg"\r\nContent-Type: image/svg+xml\r\n\r\n${svg}\r\n--${boundary}--\r\n`,
    });
    expect(logo.statusCode).toBe(200);
    const current = await send('GET', '/api/v1/portals/current', { host: 'groen.example.nl' });
    expect(current.json().data.attributes.theme).toMatchObject({
      primary_color: '#166534',
      logo_url: expect.stringMatching(new RegExp(`^/api/v1/portals/${id}/logo/.+\\.svg$`)),
    });
  });

  it('makes one portal of two identical creates sent at once; the other is a 409, never a 500', async () => {
    const body = newPortal({
      name: 'Twin',
      domains: ['twin.example.nl'],
      first_admin: { email: 'twin@example.nl', full_name: 'Twin' },
    });
    const answers = await Promise.all([
      send('POST', '/api/v1/portals', { cookie: support, payload: body }),
      send('POST', '/api/v1/portals', { cookie: support, payload: body }),
      send('POST', '/api/v1/portals', { cookie: support, payload: body }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const twins = await t.services.db.selectFrom('portals').select('id').where('name', '=', 'Twin').execute();
    expect(twins).toHaveLength(1);
  });

  it('lets only platform staff create portals', async () => {
    const student = await t.login('student@leerpad.test');
    expect(
      (await send('POST', '/api/v1/portals', { cookie: student, payload: newPortal() })).statusCode,
    ).toBe(403);
    const academyAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const refused = await send('POST', '/api/v1/portals', {
      cookie: academyAdmin,
      host: SECOND_HOST,
      payload: newPortal(),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("a portal's addresses", () => {
  it("lets an academy admin manage their own portal's addresses, and not another portal's (404)", async () => {
    const academyAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const own = await send('GET', '/api/v1/portals/2/portal_domains', {
      cookie: academyAdmin,
      host: SECOND_HOST,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data[0].attributes).toEqual({ domain: 'second.localhost', is_primary: false });
    const other = await send('GET', '/api/v1/portals/1/portal_domains', {
      cookie: academyAdmin,
      host: SECOND_HOST,
    });
    expect(other.statusCode).toBe(404);
    const otherAdd = await send('POST', '/api/v1/portals/1/portal_domains', {
      cookie: academyAdmin,
      host: SECOND_HOST,
      payload: { data: { type: 'portal_domains', attributes: { domain: 'steal.example.nl' } } },
    });
    expect(otherAdd.statusCode).toBe(404);
  });

  it('redirects page requests on an extra address to the primary one (301, path and query kept), not the API', async () => {
    const created = (
      await send('POST', '/api/v1/portals', {
        cookie: support,
        payload: newPortal({
          name: 'Redirects',
          domains: ['new.example.nl'],
          first_admin: { email: 'r@example.nl', full_name: 'R' },
        }),
      })
    ).json().data;
    const added = await send('POST', `/api/v1/portals/${created.id}/portal_domains`, {
      cookie: support,
      payload: { data: { type: 'portal_domains', attributes: { domain: 'OLD.example.nl' } } },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.attributes).toEqual({ domain: 'old.example.nl', is_primary: false });

    const page = await send('GET', '/courses/12?tab=outline', { host: 'old.example.nl' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('http://new.example.nl/courses/12?tab=outline');
    // The API answers on every address: a redirect would lose a POST's body.
    expect((await send('GET', '/api/v1/portals/current', { host: 'old.example.nl' })).statusCode).toBe(200);
    // The demo's portals have no primary address: none of their addresses redirects.
    expect((await send('GET', '/courses', { host: '127.0.0.1' })).statusCode).not.toBe(301);

    // Make the old address primary again: now the new one redirects.
    const oldId = added.json().data.id;
    const primary = await send('PATCH', `/api/v1/portals/${created.id}/portal_domains/${oldId}`, {
      cookie: support,
      payload: { data: { type: 'portal_domains', id: oldId, attributes: { is_primary: true } } },
    });
    expect(primary.statusCode).toBe(200);
    expect((await send('GET', '/catalog', { host: 'new.example.nl' })).headers.location).toBe(
      'http://old.example.nl/catalog',
    );
    // The primary address cannot be removed; another can.
    const removePrimary = await send('DELETE', `/api/v1/portals/${created.id}/portal_domains/${oldId}`, {
      cookie: support,
    });
    expect(removePrimary.statusCode).toBe(422);
    expect(removePrimary.json().errors[0].code).toBe('PRIMARY_DOMAIN');
    const list = (
      await send('GET', `/api/v1/portals/${created.id}/portal_domains`, { cookie: support })
    ).json();
    const newId = list.data.find(
      (d: { attributes: { domain: string } }) => d.attributes.domain === 'new.example.nl',
    ).id;
    expect(
      (await send('DELETE', `/api/v1/portals/${created.id}/portal_domains/${newId}`, { cookie: support }))
        .statusCode,
    ).toBe(200);
    expect((await send('GET', '/api/v1/portals/current', { host: 'new.example.nl' })).statusCode).toBe(404);
  });

  it('answers the TLS proxy 200 only for portal addresses, whatever host it asks on', async () => {
    expect(
      (await send('GET', '/api/tls-allowed?domain=second.localhost', { host: 'proxy.internal' })).statusCode,
    ).toBe(200);
    expect(
      (await send('GET', '/api/tls-allowed?domain=evil.example', { host: 'proxy.internal' })).statusCode,
    ).toBe(404);
  });
});

describe('closing a portal', () => {
  it('shows the closed page, refuses sign-in and open sessions, and reopens', async () => {
    const created = (
      await send('POST', '/api/v1/portals', {
        cookie: support,
        payload: newPortal({
          name: 'Gesloten Academie',
          domains: ['closed.example.nl'],
          first_admin: { email: 'c@example.nl', full_name: 'C' },
        }),
      })
    ).json().data;
    // A learner with a session on that portal.
    const portal = (await t.services.portals.findById(Number(created.id)))!;
    await t.services.db
      .updateTable('accounts')
      .set({ password_hash: await hash(DEMO_PASSWORD) })
      .where('portal_id', '=', portal.id)
      .execute();
    const session = await t.login('c@example.nl', 'closed.example.nl');
    expect((await send('GET', '/api/v1/me', { cookie: session, host: 'closed.example.nl' })).statusCode).toBe(
      200,
    );

    const academyAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const refused = await send('PATCH', `/api/v1/portals/${created.id}/status`, {
      cookie: academyAdmin,
      host: SECOND_HOST,
      payload: { data: { type: 'portal_statuses', id: created.id, attributes: { status: 'closed' } } },
    });
    expect(refused.statusCode).toBe(403);
    const closed = await send('PATCH', `/api/v1/portals/${created.id}/status`, {
      cookie: support,
      payload: { data: { type: 'portal_statuses', id: created.id, attributes: { status: 'closed' } } },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.attributes.status).toBe('closed');

    const page = await send('GET', '/catalog', { host: 'closed.example.nl' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Gesloten Academie is gesloten');
    expect(page.body).toContain('lang="nl"');

    const me = await send('GET', '/api/v1/me', { cookie: session, host: 'closed.example.nl' });
    expect(me.statusCode).toBe(403);
    expect(me.json().errors[0].code).toBe('PORTAL_CLOSED');
    const login = await send('POST', '/api/auth/login', {
      host: 'closed.example.nl',
      payload: { email: 'c@example.nl', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().errors[0]).toMatchObject({ code: 'PORTAL_CLOSED' });
    // Other portals still read what is shared of it.
    const shared = await send('GET', `/api/v1/shared/portals/${created.id}`, { host: SECOND_HOST });
    expect(shared.json().data.attributes).toMatchObject({ name: 'Gesloten Academie', status: 'closed' });

    const reopened = await send('PATCH', `/api/v1/portals/${created.id}/status`, {
      cookie: support,
      payload: { data: { type: 'portal_statuses', id: created.id, attributes: { status: 'active' } } },
    });
    expect(reopened.json().data.attributes.status).toBe('active');
    expect((await send('GET', '/api/v1/me', { cookie: session, host: 'closed.example.nl' })).statusCode).toBe(
      200,
    );
  });
});

describe('shared portals', () => {
  it("lets anyone on any portal read another portal's name, address, theme and languages", async () => {
    const response = await send('GET', '/api/v1/shared/portals/1', { host: SECOND_HOST });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      name: 'Leerpad Academy',
      languages: ['nl', 'en', 'ro'],
      primary_language: 'nl',
      status: 'active',
      theme: { primary_color: '#0f766e' },
    });
    expect(response.json().data.attributes.features).toBeUndefined();
    expect((await send('GET', '/api/v1/shared/portals/999', { host: SECOND_HOST })).statusCode).toBe(404);
  });
});
