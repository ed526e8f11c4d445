import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import {
  VALIDATION_MESSAGES,
  VALIDATION_MESSAGE_KEYS,
  formatValidationMessage,
  type ValidationError,
} from './messages';
import { parseRules } from './parser';
import { validateFields, validateValue } from './validators';

describe('parseRules', () => {
  it.each([
    ['required', [{ name: 'required', params: [] }]],
    [
      'required|min:3|max:10',
      [
        { name: 'required', params: [] },
        { name: 'min', params: ['3'] },
        { name: 'max', params: ['10'] },
      ],
    ],
    ['in_array:nl,en,ro', [{ name: 'in_array', params: ['nl', 'en', 'ro'] }]],
    ['regex:/^a/', [{ name: 'regex', params: ['/^a/'] }]],
    [
      'regex:^\\d{2}:\\d{2}$|required',
      [
        { name: 'regex', params: ['^\\d{2}:\\d{2}$'] },
        { name: 'required', params: [] },
      ],
    ],
    [
      'regex:/^(yes|no)$/i|required',
      [
        { name: 'regex', params: ['/^(yes|no)$/i'] },
        { name: 'required', params: [] },
      ],
    ],
    ['regex:/^a,b$/', [{ name: 'regex', params: ['/^a,b$/'] }]],
    ['', []],
    ['required||', [{ name: 'required', params: [] }]],
  ])('%j', (rules, expected) => {
    expect(parseRules(rules)).toEqual(expected);
  });
});

describe('validateValue', () => {
  it.each([
    // required: empty, whitespace and empty lists fail
    { value: '', rules: 'required', key: 'validation.required' },
    { value: '   ', rules: 'required', key: 'validation.required' },
    { value: null, rules: 'required', key: 'validation.required' },
    { value: undefined, rules: 'required', key: 'validation.required' },
    { value: [], rules: 'required', key: 'validation.required' },
    { value: ['a'], rules: 'required', key: null },
    { value: 0, rules: 'required', key: null },
    { value: false, rules: 'required', key: null },
    { value: null, rules: 'is_required', key: 'validation.is_required' },
    // optional empty fields pass the other rules
    { value: '', rules: 'min:3|is_email', key: null },
    { value: undefined, rules: 'in_array:a,b', key: null },
    // lengths
    { value: 'ab', rules: 'min:3', key: 'validation.min' },
    { value: 'abc', rules: 'min:3', key: null },
    { value: 'abcd', rules: 'max:3', key: 'validation.max' },
    { value: ['a', 'b'], rules: 'max:1', key: 'validation.max' },
    // formats
    { value: 'apple', rules: 'regex:/^a/', key: null },
    { value: 'Banana', rules: 'regex:/^b/i', key: null },
    { value: 'banana', rules: 'regex:/^a/', key: 'validation.regex' },
    { value: '12:30', rules: 'regex:^\\d{2}:\\d{2}$', key: null },
    { value: 'no', rules: 'regex:/^(yes|no)$/', key: null },
    { value: 'x', rules: 'regex:/(/', key: 'validation.regex' },
    { value: 'nl', rules: 'in_array:en,nl,ro', key: null },
    { value: 'de', rules: 'in_array:en,nl,ro', key: 'validation.in_array' },
    { value: ['en', 'de'], rules: 'in_array:en,nl,ro', key: 'validation.in_array' },
    { value: 'ann@example.org', rules: 'is_email', key: null },
    { value: 'ann.de-vries+test@mail.example.co.uk', rules: 'is_email', key: null },
    { value: 'ann@example', rules: 'is_email', key: 'validation.is_email' },
    { value: 'ann example@example.org', rules: 'is_email', key: 'validation.is_email' },
    { value: 'ann', rules: 'is_email', key: 'validation.is_email' },
    // checkboxes and quiz answers
    { value: true, rules: 'selected', key: null },
    { value: false, rules: 'selected', key: 'validation.selected' },
    { value: undefined, rules: 'selected', key: 'validation.selected' },
    { value: false, rules: 'unselected', key: null },
    { value: undefined, rules: 'unselected', key: null },
    { value: true, rules: 'unselected', key: 'validation.unselected' },
    { value: true, rules: 'correct', key: null },
    { value: false, rules: 'correct', key: 'validation.correct' },
    { value: false, rules: 'incorrect', key: null },
    { value: undefined, rules: 'incorrect', key: 'validation.incorrect' },
    // the first failing rule is reported
    { value: 'a', rules: 'required|min:3|is_email', key: 'validation.min' },
  ])('$value against "$rules" → $key', ({ value, rules, key }) => {
    expect(validateValue(value, rules)?.key ?? null).toBe(key);
  });

  it.each([
    { value: 'secret', other: 'secret', key: null },
    { value: 'secret', other: 'Secret', key: 'validation.equals' },
  ])('equals compares with another field ($value vs $other)', ({ value, other, key }) => {
    const error = validateValue(value, 'equals:password', { values: { password: other } });
    expect(error?.key ?? null).toBe(key);
  });

  it.each([
    { value: 'DELETE', key: null },
    { value: 'delete', key: 'validation.equals' },
  ])('equals compares with a literal when no field has that name ($value)', ({ value, key }) => {
    expect(validateValue(value, 'equals:DELETE', { values: {} })?.key ?? null).toBe(key);
  });

  it('accepts pre-parsed rules', () => {
    expect(validateValue('ab', parseRules('min:3'))).toEqual({ key: 'validation.min', params: { n: 3 } });
  });

  it('refuses a misspelt rule instead of letting every value pass', () => {
    expect(() => validateValue('x', 'requird')).toThrow('Unknown validation rule "requird"');
  });
});

describe('validateFields', () => {
  it('reports only the failing fields, with the first failing rule each', () => {
    const errors = validateFields(
      { name: '', email: 'not-an-email', password: 'secret', confirm: 'other', note: '' },
      {
        name: 'required',
        email: 'required|is_email',
        password: 'min:6',
        confirm: 'equals:password',
        note: 'max:5',
      },
    );
    expect(errors).toEqual({
      name: { key: 'validation.required', params: {} },
      email: { key: 'validation.is_email', params: {} },
      confirm: { key: 'validation.equals', params: { value: 'password' } },
    });
  });
});

describe('messages', () => {
  it.each<{ error: ValidationError; text: string }>([
    { error: { key: 'validation.required', params: {} }, text: 'This field is required.' },
    {
      error: { key: 'validation.regex', params: { pattern: '/^a/' } },
      text: 'This field does not have the required format (/^a/).',
    },
    {
      error: { key: 'validation.min', params: { n: 3 } },
      text: 'This field requires at least 3 characters.',
    },
    {
      error: { key: 'validation.max', params: { n: 10 } },
      text: 'This field has a maximum of 10 characters.',
    },
    {
      error: { key: 'validation.in_array', params: { values: 'en, nl, ro' } },
      text: 'This field needs to have one of the following values: en, nl, ro.',
    },
    {
      error: { key: 'validation.is_email', params: {} },
      text: 'This field should contain a valid email address.',
    },
  ])('English: $text', ({ error, text }) => {
    expect(formatValidationMessage(error, 'en')).toBe(text);
  });

  it.each([
    ['nl', 'Dit veld vereist minimaal 3 tekens.'],
    ['ro', 'Acest câmp necesită cel puțin 3 caractere.'],
    ['de', 'Dit veld vereist minimaal 3 tekens.'],
  ])('%s: a failing min rule reads "%s"', (locale, text) => {
    expect(formatValidationMessage(validateValue('ab', 'min:3')!, locale)).toBe(text);
  });

  it.each(LANGUAGES)('%s has a message for every key, with the same placeholders as English', (locale) => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      const placeholders = (text: string) => text.match(/\{\w+\}/g)?.sort() ?? [];
      expect(placeholders(VALIDATION_MESSAGES[locale][key])).toEqual(
        placeholders(VALIDATION_MESSAGES.en[key]),
      );
    }
  });
});
