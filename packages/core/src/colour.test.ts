import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  darkenForText,
  parseColour,
  readableTextOn,
  themeContrastProblems,
  tint,
  WHITE,
} from './colour';
import { errorText } from './messages';

describe('the WCAG AA check of a portal theme', () => {
  it('approves the fallback colour, a dark green and a dark secondary colour', () => {
    expect(themeContrastProblems({ primaryColor: '#7148e5' })).toEqual([]);
    expect(themeContrastProblems({ primaryColor: '#166534' })).toEqual([]);
    expect(themeContrastProblems({})).toEqual([]);
  });

  it('names each failing pair with its ratio, rounded down', () => {
    const problems = themeContrastProblems({ primaryColor: '#9be89b' });
    expect(problems.map((problem) => problem.pair)).toEqual([
      'primary_on_white',
      'primary_on_page',
      'primary_on_soft',
    ]);
    const onWhite = problems[0]!;
    expect(onWhite).toMatchObject({ field: 'primary_color', colour: '#9be89b', ratio: 1.4, required: 4.5 });
    expect(contrastRatio(parseColour('#9be89b')!, WHITE)).toBeLessThan(1.6);
  });

  it('fails a colour just under AA that rounding would have passed, and never judges the decorative secondary colour', () => {
    // #767676 on white is 4.54:1; #777777 is 4.48:1, shown as 4.4, not 4.5.
    expect(
      themeContrastProblems({ primaryColor: '#777777' }).find(
        (problem) => problem.pair === 'primary_on_white',
      ),
    ).toMatchObject({
      pair: 'primary_on_white',
      ratio: 4.4,
    });
    expect(themeContrastProblems({ primaryColor: '#0f766e', secondaryColor: '#f59e0b' } as never)).toEqual(
      [],
    );
  });

  it('leaves an approved colour as it is when the app draws links in it', () => {
    const green = parseColour('#166534')!;
    expect(darkenForText(green)).toEqual(green);
    expect(readableTextOn(green)).toEqual(WHITE);
    expect(tint([0, 0, 0], 0.1)).toEqual([230, 230, 230]);
  });

  it('reads as a sentence in every language', () => {
    const [problem] = themeContrastProblems({ primaryColor: '#9be89b' });
    const error = { code: 'THEME_CONTRAST', meta: { rule: problem!.pair, ...problem } };
    expect(errorText(error, 'en')).toBe(
      'The primary colour #9be89b as link text on white has contrast 1.4:1; WCAG AA needs 4.5:1.',
    );
    expect(errorText(error, 'nl')).toContain('1.4:1');
    expect(errorText(error, 'ro')).toContain('#9be89b');
  });
});
