import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_MESSAGES, errorText, isErrorCode, LANGUAGES, placeholdersOf } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';

/**
 * Every error code the server can produce has a text in en, nl and ro (packages/core
 * `messages/errors.ts`), with the same placeholders in each, so the web app and the API's own
 * `detail` can speak the reader's language. The codes are read from the server's source, so a
 * route that starts to produce a new code fails here until the code has its texts.
 */
const SOURCE = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // Tests and demo data (promotion codes) produce no errors.
    if (statSync(path).isDirectory()) return name === 'test' || name === 'seed' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const quoted = (text: string) => [...text.matchAll(/'([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1]!);

export function serverErrorCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of sourceFiles(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    const found = [
      ...[...text.matchAll(/\bcode:\s*([^,}\n]+)/g)].flatMap((match) => quoted(match[1]!)),
      ...[...text.matchAll(/badRequest\(\s*'([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1]!),
      ...[...text.matchAll(/forbidden\(\s*(?:'[^']*'|"[^"]*"|`[^`]*`)\s*,\s*'([A-Z][A-Z0-9_]+)'/g)].map(
        (match) => match[1]!,
      ),
    ];
    for (const code of found) if (!codes.has(code)) codes.set(code, file.slice(SOURCE.length + 1));
  }
  return codes;
}

describe('error codes', () => {
  it('finds the codes the server produces (the walk itself works)', () => {
    const codes = serverErrorCodes();
    for (const code of [
      'NOT_FOUND',
      'CSRF',
      'TOKEN_SCOPE',
      'REQUIRED',
      'VIDEO_URL_UNSUPPORTED',
      'INVALID_SORT',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it('gives every code the server can produce a text in en, nl and ro', () => {
    const missing = [...serverErrorCodes()]
      .filter(([code]) => !isErrorCode(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('uses the same placeholders in every language, and no empty or untranslated text', () => {
    for (const [code, texts] of Object.entries(ERROR_MESSAGES)) {
      const english = placeholdersOf(texts.en).sort();
      for (const locale of LANGUAGES) {
        expect(texts[locale].trim(), `${code}.${locale}`).not.toBe('');
        expect(placeholdersOf(texts[locale]).sort(), `${code}.${locale}`).toEqual(english);
      }
      expect(texts.nl, `${code}.nl`).not.toBe(texts.en);
      expect(texts.ro, `${code}.ro`).not.toBe(texts.en);
    }
  });

  it('fills the parameters from meta and picks the variant a rule names', () => {
    expect(errorText({ code: 'TOO_SHORT', meta: { minimum: 8 } }, 'nl')).toBe('Dit is te kort (minimaal 8).');
    expect(errorText({ code: 'PROMOTION_NOT_USABLE', meta: { rule: 'expired' } }, 'ro')).toBe(
      'Acest cod promoțional a expirat.',
    );
    expect(errorText({ code: 'SOMETHING_NEW', detail: 'As the server said.' }, 'nl')).toBe(
      'As the server said.',
    );
    expect(
      errorText({ code: 'COURSE_NOT_OPEN', detail: 'Only published courses take enrolments.' }, 'en'),
    ).toBe('Only published courses take enrolments.');
  });
});

describe('the detail of an API error', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (headers: Record<string, string>, host = 'localhost') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, host, ...headers },
      payload: { email: 'student@leerpad.test', password: 'wrong password' },
    });

  it('follows Accept-Language, else the portal language', async () => {
    const romanian = await signIn({ 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.5' });
    expect(romanian.json().errors[0]).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      detail: 'Adresa de e-mail sau parola nu este corectă.',
    });
    const english = await signIn({ 'accept-language': 'en-GB' });
    expect(english.json().errors[0].detail).toBe('The e-mail address or password is not correct.');
    // Leerpad Academy's primary language is Dutch.
    const none = await signIn({});
    expect(none.json().errors[0].detail).toBe('Het e-mailadres of wachtwoord klopt niet.');
  });

  it("follows the signed-in account's locale before Accept-Language", async () => {
    const cookie = await t.login('second-student@leerpad.test', SECOND_HOST);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/courses/99999999',
      headers: { cookie, host: SECOND_HOST, 'accept-language': 'nl' },
    });
    expect(response.statusCode).toBe(404);
    // second-student's account is English.
    expect(response.json().errors[0].detail).toMatch(/does not exist/);
  });
});
