import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginFailuresPerAccount: 3, loginFailuresPerIp: 50 });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...XHR, host: 'localhost', ...headers },
    payload: payload as object,
  });

describe('sign-in', () => {
  it('signs in with the right password and returns the current user with an HttpOnly, SameSite=Lax cookie', async () => {
    const response = await post('/api/auth/login', {
      email: 'Student@Leerpad.test ',
      password: 'leerpad-demo',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.type).toBe('me');
    const cookie = response.cookies.find((c) => c.name === 'leerpad_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
  });

  it('gives one generic error for an unknown e-mail and for a wrong password', async () => {
    const unknown = await post('/api/auth/login', { email: 'nobody@leerpad.test', password: 'leerpad-demo' });
    const wrong = await post('/api/auth/login', { email: 'coach@leerpad.test', password: 'not-it' });
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().errors[0]).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      source: { pointer: '/email' },
    });
  });

  it('does not let an account of one portal sign in on another portal', async () => {
    const response = await post(
      '/api/auth/login',
      { email: 'student@leerpad.test', password: 'leerpad-demo' },
      { host: SECOND_HOST },
    );
    expect(response.statusCode).toBe(422);
  });

  it('blocks an account after repeated failures, even with the right password', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await post('/api/auth/login', { email: 'admin@leerpad.test', password: 'wrong' });
    }
    const blocked = await post('/api/auth/login', { email: 'admin@leerpad.test', password: 'leerpad-demo' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().errors[0].code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses a state-changing request without X-Requested-With', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost' },
      payload: { email: 'student@leerpad.test', password: 'leerpad-demo' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('CSRF');
  });

  it('refuses a request from another origin', async () => {
    const response = await post(
      '/api/auth/login',
      { email: 'student@leerpad.test', password: 'leerpad-demo' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });

  it('points each missing field out', async () => {
    const response = await post('/api/auth/login', { data: { type: 'sessions', attributes: {} } });
    expect(response.statusCode).toBe(422);
    const pointers = response.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toEqual(['/data/attributes/email', '/data/attributes/password']);
  });
});

describe('try for free', () => {
  const tokenIn = (text: string) => decodeURIComponent(/token=([^\s]+)/.exec(text)![1]!);

  it('mails a link that makes a signed-in student with a trial on a subscription portal, once', async () => {
    const sent = t.mail.length;
    const response = await post('/api/auth/register', {
      full_name: 'Tina Trial',
      email: 'Tina@Example.com ',
      password: 'a long password',
      locale: 'nl',
    });
    expect(response.statusCode).toBe(202);
    const message = await t.mailAfter(sent);
    expect(message.to).toContain('tina@example.com');
    expect(message.subject).toBe('Leerpad Academy: bevestig je e-mailadres');
    const token = tokenIn(message.text);
    // No account before the link is used.
    expect(
      (await post('/api/auth/login', { email: 'tina@example.com', password: 'a long password' })).statusCode,
    ).toBe(422);

    const confirmed = await post('/api/auth/register/confirm', { token });
    expect(confirmed.statusCode).toBe(201);
    const body = confirmed.json();
    expect(body.data.attributes.roles).toEqual(['student']);
    const subscription = body.included.find((r: { type: string }) => r.type === 'subscriptions');
    expect(subscription.attributes.is_active).toBe(true);
    const account = body.included.find((r: { type: string }) => r.type === 'accounts');
    expect(account.attributes.locale).toBe('nl');
    expect(confirmed.cookies.find((c) => c.name === 'leerpad_session')).toBeDefined();

    const again = await post('/api/auth/register/confirm', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({ code: 'INVALID_TOKEN', source: { pointer: '/token' } });
  });

  it("keeps the browser's language (else the portal's) on an account made without a chosen one", async () => {
    const register = async (email: string, headers: Record<string, string>) => {
      const sent = t.mail.length;
      const response = await post(
        '/api/auth/register',
        { full_name: 'Lia Limba', email, password: 'a long password' },
        headers,
      );
      expect(response.statusCode).toBe(202);
      const message = await t.mailAfter(sent);
      const confirmed = await post('/api/auth/register/confirm', { token: tokenIn(message.text) });
      expect(confirmed.statusCode).toBe(201);
      const account = confirmed.json().included.find((r: { type: string }) => r.type === 'accounts');
      return { subject: message.subject, locale: account.attributes.locale };
    };
    const romanian = await register('lia@example.com', { 'accept-language': 'ro-RO,ro;q=0.9' });
    expect(romanian.locale).toBe('ro');
    expect(romanian.subject).toMatch(/confirmă/i);
    // Leerpad Academy's primary language is Dutch.
    expect((await register('lia.nl@example.com', {})).locale).toBe('nl');
  });

  it('answers a taken address exactly like a new one, and tells only the owner', async () => {
    const sent = t.mail.length;
    const taken = await post('/api/auth/register', {
      full_name: 'Again',
      email: 'student@leerpad.test',
      password: 'a long password',
    });
    const fresh = await post('/api/auth/register', {
      full_name: 'Fresh',
      email: 'fresh@example.com',
      password: 'a long password',
    });
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(fresh.body);
    await t.mailAfter(sent + 1);
    const owner = t.mail.slice(sent).find((message) => message.to.includes('student@leerpad.test'))!;
    expect(owner.subject).toBe('Leerpad Academy: je hebt al een account');
    expect(owner.text).not.toMatch(/token=/);
  });

  it('refuses a forged or unknown link, pointing at the token', async () => {
    const response = await post('/api/auth/register/confirm', { token: 'not-a-real-token' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ code: 'INVALID_TOKEN', source: { pointer: '/token' } });
  });

  it('limits how many accounts one address may try to create', async () => {
    const limited = await createTestApp({ loginFailuresPerIp: 3 });
    try {
      const statuses: number[] = [];
      for (const name of ['one', 'two', 'three', 'four']) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { ...XHR, host: 'localhost' },
          payload: { full_name: name, email: `${name}@example.com`, password: 'a long password' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().errors[0].code).toBe('TOO_MANY_ATTEMPTS');
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });

  it('requires a password of at least 8 characters', async () => {
    const response = await post('/api/auth/register', {
      full_name: 'Short',
      email: 'short@example.com',
      password: 'abc',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe('/password');
  });
});

describe('sign-out and session', () => {
  it('ping tells whether the visitor is signed in, and logout ends the session', async () => {
    const cookie = await t.login('coach@leerpad.test');
    const ping = await t.app.inject({ url: '/api/ping', headers: { cookie, host: 'localhost' } });
    expect(ping.json()).toMatchObject({ authenticated: true });
    // A plain link (another site's <img src>, say) cannot sign anyone out.
    const crossSite = await t.app.inject({ url: '/api/auth/logout', headers: { cookie, host: 'localhost' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().errors[0].code).toBe('CSRF');
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: { cookie, host: 'localhost' } })).statusCode,
    ).toBe(200);
    const logout = await t.app.inject({
      url: '/api/auth/logout',
      headers: { cookie, host: 'localhost', 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/v1/me', headers: { cookie, host: 'localhost' } });
    expect(after.statusCode).toBe(401);
  });

  it('signs out with POST as well', async () => {
    const cookie = await t.login('coach@leerpad.test');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, host: 'localhost', 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(logout.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: { cookie, host: 'localhost' } })).statusCode,
    ).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a one-time link; the token sets a new password once and ends old sessions', async () => {
    const oldSession = await t.login('support@leerpad.test');
    const sent = t.mail.length;
    const forgot = await post('/api/auth/password/forgot', { email: 'support@leerpad.test' });
    expect(forgot.statusCode).toBe(202);
    const message = await t.mailAfter(sent);
    expect(message.to).toContain('support@leerpad.test');
    const token = decodeURIComponent(/token=([^\s]+)/.exec(message.text)![1]!);

    const reset = await post('/api/auth/password/reset', { token, password: 'brand new password' });
    expect(reset.statusCode).toBe(200);
    const again = await post('/api/auth/password/reset', { token, password: 'another password' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].code).toBe('INVALID_TOKEN');

    const stale = await t.app.inject({
      url: '/api/v1/me',
      headers: { cookie: oldSession, host: 'localhost' },
    });
    expect(stale.statusCode).toBe(401);
    const login = await post('/api/auth/login', {
      email: 'support@leerpad.test',
      password: 'brand new password',
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets only the newest link work, and cancels every link once one is used', async () => {
    const tokens: string[] = [];
    for (let request = 0; request < 3; request += 1) {
      const sent = t.mail.length;
      await post('/api/auth/password/forgot', { email: 'coach@leerpad.test' });
      tokens.push(decodeURIComponent(/token=([^\s]+)/.exec((await t.mailAfter(sent)).text)![1]!));
    }
    const older = await post('/api/auth/password/reset', {
      token: tokens[0],
      password: 'older link password',
    });
    expect(older.statusCode).toBe(422);
    expect(older.json().errors[0].code).toBe('INVALID_TOKEN');
    const newest = await post('/api/auth/password/reset', {
      token: tokens[2],
      password: 'newest link password',
    });
    expect(newest.statusCode).toBe(200);
    const middle = await post('/api/auth/password/reset', {
      token: tokens[1],
      password: 'middle link password',
    });
    expect(middle.statusCode).toBe(422);
    // Put the demo password back for the other tests.
    const sent = t.mail.length;
    await post('/api/auth/password/forgot', { email: 'coach@leerpad.test' });
    const restore = decodeURIComponent(/token=([^\s]+)/.exec((await t.mailAfter(sent)).text)![1]!);
    expect(
      (await post('/api/auth/password/reset', { token: restore, password: 'leerpad-demo' })).statusCode,
    ).toBe(200);
  });

  it('answers the same for an unknown e-mail, at once, and sends nothing', async () => {
    const before = t.mail.length;
    const response = await post('/api/auth/password/forgot', { email: 'unknown@leerpad.test' });
    expect(response.statusCode).toBe(202);
    const known = await post('/api/auth/password/forgot', { email: 'author@leerpad.test' });
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(response.body);
    // The known account's mail is the only one that follows.
    expect((await t.mailAfter(before)).to).toContain('author@leerpad.test');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.length).toBe(before + 1);
  });
});
