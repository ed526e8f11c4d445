import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenForText, parseColour, readableTextOn } from '@leerpad/core';
import { applyTheme, documentTitle, themeVariables } from './theme';

describe('the portal theme', () => {
  it('falls back to rgb(113,72,229) without a usable colour', () => {
    expect(themeVariables(null)['--portal-primary']).toBe('rgb(113 72 229)');
    expect(themeVariables({ primaryColor: 'not a colour' })['--portal-primary']).toBe('rgb(113 72 229)');
    expect(themeVariables({ primaryColor: '#b4233c' })['--portal-primary']).toBe('rgb(180 35 60)');
    expect(parseColour('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColour('#abc')).toEqual([170, 187, 204]);
  });

  it('keeps text readable (AA) on any portal colour', () => {
    const yellow = parseColour('#ffd400')!;
    expect(readableTextOn(yellow)).not.toEqual([255, 255, 255]);
    expect(readableTextOn(parseColour('#0f766e')!)).toEqual([255, 255, 255]);
    const darkened = darkenForText(yellow);
    expect(contrastRatio(darkened, [248, 250, 252])).toBeGreaterThanOrEqual(4.5);
  });

  it('sets the CSS variables and the favicon; titles read "Page · Portal"', () => {
    applyTheme({ primaryColor: '#b4233c', faviconUrl: '/portal-icon.png' });
    expect(document.documentElement.style.getPropertyValue('--portal-primary')).toBe('rgb(180 35 60)');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/portal-icon.png');
    expect(documentTitle('Second Portal', 'Sign in')).toBe('Sign in · Second Portal');
    expect(documentTitle(null)).toBe('Leerpad');
  });
});
