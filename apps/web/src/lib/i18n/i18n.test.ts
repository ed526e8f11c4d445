import { describe, expect, it } from 'vitest';
import { activateLanguage, addMessages, i18n, loadNamespace, setLanguageOverrides, t } from './i18n';
import { activeLocale, portalDefaultLocale, portalLocales } from './language';
import { meFixture, portalFixture } from '../../test/render';
import type { Portal } from '../session/types';

describe('translate', () => {
  it('interpolates, picks plural forms per language and shows unknown keys as themselves', async () => {
    addMessages('ro', {
      items_one: '{{count}} rezultat',
      items_few: '{{count}} rezultate',
      items_other: '{{count}} de rezultate',
      hi: 'Salut, {{name}}',
    });
    await activateLanguage('ro');
    expect(t('items', { count: 1 })).toBe('1 rezultat');
    expect(t('items', { count: 3 })).toBe('3 rezultate');
    expect(t('items', { count: 25 })).toBe('25 de rezultate');
    expect(t('hi', { name: 'Ana' })).toBe('Salut, Ana');
    expect(t('missing.key')).toBe('missing.key');
    expect(document.documentElement.lang).toBe('ro');
    expect(i18n.language).toBe('ro');
  });

  it('merges portal overrides (flattened keys per locale) and ignores broken JSON', async () => {
    addMessages('nl', { home: { title: 'Welkom' }, other: 'Blijft' });
    await activateLanguage('nl');
    setLanguageOverrides(['{"nl":{"home.title":"Welkom bij ons"}}', 'not json', null]);
    expect(t('home.title')).toBe('Welkom bij ons');
    expect(t('other')).toBe('Blijft');
    // Messages loaded later get the overrides too.
    addMessages('nl', { home: { title: 'Welkom' } });
    expect(t('home.title')).toBe('Welkom bij ons');
    setLanguageOverrides([]);
    // A removed override shows the original again, without a reload.
    expect(t('home.title')).toBe('Welkom');
  });
});

describe('loading texts', () => {
  it('still loads a language whose namespace arrived first', async () => {
    // A signed-in chunk may ask for its namespace before the reader's language is in place.
    await loadNamespace('pages', 'en');
    await activateLanguage('en');
    expect(t('language.names.nl')).toBe('Nederlands');
    expect(t('pages.coach_student.title')).toBe('Student');
  });
});

describe('the active language', () => {
  const secondPortal: Portal = {
    ...portalFixture,
    parameters: [{ type: 'default_language', data: 'en' }],
    languages: [{ id: '4', type: 'portal_languages', locale: 'en', isPrimary: true }],
  };

  it("comes from the portal's default_language parameter, else its primary language, else nl", () => {
    expect(portalDefaultLocale(portalFixture)).toBe('nl');
    expect(portalDefaultLocale(secondPortal)).toBe('en');
    expect(
      portalDefaultLocale({
        ...portalFixture,
        parameters: [],
        languages: [{ id: '1', type: 'portal_languages', locale: 'ro', isPrimary: true }],
      }),
    ).toBe('ro');
    expect(portalDefaultLocale(null)).toBe('nl');
  });

  it("prefers the account's locale, then a visitor's choice, within the portal's languages", () => {
    expect(activeLocale(portalFixture, meFixture(), null)).toBe('en');
    expect(activeLocale(portalFixture, null, 'ro')).toBe('ro');
    expect(activeLocale(secondPortal, null, 'ro')).toBe('en');
    expect(
      activeLocale(secondPortal, meFixture({ account: { ...meFixture().account, locale: 'nl' } }), null),
    ).toBe('en');
    expect(portalLocales(secondPortal)).toEqual(['en']);
    expect(portalLocales(portalFixture)).toEqual(['en', 'nl', 'ro']);
  });
});
