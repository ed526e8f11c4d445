import { describe, expect, it } from 'vitest';
import { loadAllTexts, overridesOf, parseOverridesFile, placeholderMismatch } from './texts';

describe('the override editor texts', () => {
  it('flattens the root file and every namespace of a language', async () => {
    const english = await loadAllTexts('en');
    expect(english.get('greeting.morning')).toBe('Good morning, {{name}}');
    expect(english.get('settings.languages.title')).toBe('Languages');
    const dutch = await loadAllTexts('nl');
    expect(dutch.get('settings.languages.title')).toBe('Talen');
  });

  it('finds placeholders an override drops or adds', () => {
    expect(placeholderMismatch('Hi {{name}} of {{portal}}', 'Hallo {{ name }}')).toEqual({
      missing: ['portal'],
      extra: [],
    });
    expect(placeholderMismatch('Hi', 'Hallo {{name}}')).toEqual({ missing: [], extra: ['name'] });
    expect(placeholderMismatch('{{a}} {{a}}', '{{a}}')).toEqual({ missing: [], extra: [] });
  });

  it('imports a file keyed by locale or flat, and refuses what is not a JSON object', () => {
    expect(parseOverridesFile('{"nl":{"a.b":"x","c":1}}', 'nl')).toEqual({ 'a.b': 'x' });
    expect(parseOverridesFile('{"a.b":"y"}', 'nl')).toEqual({ 'a.b': 'y' });
    expect(parseOverridesFile('[1]', 'nl')).toBeNull();
    expect(parseOverridesFile('nope', 'nl')).toBeNull();
    expect(overridesOf('{}', 'nl')).toEqual({});
    expect(overridesOf(null, 'nl')).toEqual({});
  });
});
