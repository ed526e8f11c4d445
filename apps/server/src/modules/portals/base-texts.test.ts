import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTextsDir, readBaseTexts, writeBaseTexts } from './base-texts';
import { checkOverrides } from './service';

// A folder outside the repository: a deployed server with its bundle and nothing else.
const deployed = mkdtempSync(join(tmpdir(), 'leerpad-base-texts-'));
const built = join(deployed, 'dist', 'base-texts');
afterAll(() => rmSync(deployed, { recursive: true, force: true }));

describe('base texts shipped with the build', () => {
  it('writes one flat JSON of every key per language of the web app', () => {
    const source = findTextsDir();
    expect(source).not.toBeNull();
    expect(writeBaseTexts(source!, built)).toEqual(expect.arrayContaining(['en', 'nl', 'ro']));
    const en = JSON.parse(readFileSync(join(built, 'en.json'), 'utf8')) as Record<string, string>;
    expect(en['greeting.morning']).toBe('Good morning, {{name}}');
    expect(en['settings.feature_flags.title']).toBe('Feature flags');
    const nl = JSON.parse(readFileSync(join(built, 'nl.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(nl)).toContain('greeting.morning');
  });

  it('checks overrides against the built texts on a server without the source tree', () => {
    expect(findTextsDir(deployed)).toBeNull();
    expect(existsSync(join(built, 'en.json'))).toBe(true);
    const texts = readBaseTexts(built, deployed);
    const unknown = checkOverrides('nl', JSON.stringify({ nl: { 'no.such.key': 'Iets' } }), texts);
    expect(unknown.problems).toEqual([expect.objectContaining({ code: 'UNKNOWN_TEXT_KEY' })]);
    const known = checkOverrides(
      'nl',
      JSON.stringify({ nl: { 'greeting.morning': 'Goedemorgen, {{name}}!' } }),
      texts,
    );
    expect(known.problems).toEqual([]);
    const dropped = checkOverrides('nl', JSON.stringify({ nl: { 'greeting.morning': 'Hallo' } }), texts);
    expect(dropped.problems).toEqual([expect.objectContaining({ code: 'OVERRIDE_PLACEHOLDERS' })]);
  });

  it('knows no texts when neither the build nor the source tree has them', () => {
    expect(readBaseTexts(join(deployed, 'missing'), deployed).size).toBe(0);
  });
});
