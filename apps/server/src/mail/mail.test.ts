import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@leerpad/core';
import { createTestApp, SECOND_HOST, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { fileMailer } from './mailer';
import { mailLocale, renderMail } from './render';
import { MAIL_KEYS, MAILS } from './templates/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string, host = 'localhost') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password/forgot',
    headers: { ...XHR, host },
    payload: { email },
  });

const placeholders = (text: string) => [...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]).sort();

describe('e-mails in the reader language', () => {
  it('mails the password reset of a Dutch account in Dutch, as text and HTML', async () => {
    const sent = t.mail.length;
    expect((await forgot('student@leerpad.test')).statusCode).toBe(202);
    const message = await t.mailAfter(sent);
    expect(message.subject).toBe('Leerpad Academy: stel je wachtwoord opnieuw in');
    expect(message.text).toContain('Hallo Sam Student,');
    expect(message.text).toContain('Kies binnen 60 minuten een nieuw wachtwoord via:');
    expect(message.html).toMatch(/<a href="http:\/\/localhost:3000\/auth\/password\/reset\?token=[^"]+">/);
  });

  it('mails an English account on the Dutch portal in English, and follows a language change', async () => {
    const cookie = await t.login('author@leerpad.test');
    const authorId = await t.accountId('author@leerpad.test');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${authorId}`,
      headers: { ...XHR, cookie, host: 'localhost' },
      payload: { locale: 'en' },
    });
    expect(patch.statusCode).toBe(200);
    let sent = t.mail.length;
    await forgot('author@leerpad.test');
    expect((await t.mailAfter(sent)).subject).toBe('Leerpad Academy: reset your password');

    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${authorId}`,
      headers: { ...XHR, cookie, host: 'localhost' },
      payload: { locale: 'ro' },
    });
    sent = t.mail.length;
    await forgot('author@leerpad.test');
    expect((await t.mailAfter(sent)).subject).toBe('Leerpad Academy: resetează parola');
  });

  it('writes the Second Portal e-mails in English', async () => {
    const sent = t.mail.length;
    await forgot('second-student@leerpad.test', SECOND_HOST);
    expect((await t.mailAfter(sent)).subject).toBe('Second Portal: reset your password');
  });
});

describe('mail templates', () => {
  it('has every template in every language with the same placeholders', () => {
    for (const key of MAIL_KEYS) {
      const english = MAILS[key].en;
      for (const locale of LANGUAGES) {
        const texts = MAILS[key][locale];
        expect(placeholders(texts.subject), `${key} subject (${locale})`).toEqual(
          placeholders(english.subject),
        );
        expect(placeholders(texts.text), `${key} text (${locale})`).toEqual(placeholders(english.text));
      }
    }
  });

  it('chooses the recipient language, then the portal language, then English', () => {
    const portal = (language?: string) => ({
      name: 'P',
      parameters: language ? [{ type: 'default_language', data: language }] : [],
    });
    expect(mailLocale('ro', portal('nl'))).toBe('ro');
    expect(mailLocale(null, portal('nl'))).toBe('nl');
    expect(mailLocale('xx', portal())).toBe('en');
  });

  it('escapes parameters in the HTML part', () => {
    const mail = renderMail(
      'password_reset',
      { portal: 'P', name: '<b>Eve</b>', minutes: 5, link: 'x' },
      'en',
    );
    expect(mail.text).toContain('Hello <b>Eve</b>,');
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
  });

  it('writes a message with an HTML part as multipart/alternative', async () => {
    const dir = `/tmp/leerpad-mail-test-${process.pid}`;
    await fileMailer(dir).send({
      to: 'a@example.com',
      subject: 'Hallo',
      text: 'Platte tekst',
      html: '<p>HTML</p>',
    });
    const [file] = await readdir(join(dir, 'mail'));
    const eml = await readFile(join(dir, 'mail', file!), 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/alternative; boundary="([^"]+)"/);
    expect(eml.indexOf('Content-Type: text/plain')).toBeLessThan(eml.indexOf('Content-Type: text/html'));
    expect(eml).toContain('Platte tekst');
    expect(eml).toContain('<p>HTML</p>');
    await rm(dir, { recursive: true, force: true });
  });
});
