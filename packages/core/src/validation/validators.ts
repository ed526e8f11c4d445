/** Runs parsed form rules against a value (SPEC §5). */
import type { ValidationError, ValidationMessageKey } from './messages';
import { parseRules, type ParsedRule } from './parser';

export interface ValidationContext {
  /** The form's other values, for rules that compare fields (equals). */
  values?: Readonly<Record<string, unknown>>;
}

/** Empty means undefined, null, a blank or whitespace-only string, or an empty array. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

// The pattern browsers use for <input type="email">, with a dot required in the domain.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Accepts '/pattern/flags' or a bare pattern. An invalid pattern yields null (the rule fails). */
function toRegExp(pattern: string): RegExp | null {
  const delimited = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  try {
    return delimited ? new RegExp(delimited[1] ?? '', delimited[2]) : new RegExp(pattern);
  } catch {
    return null;
  }
}

const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : String(value).length);
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

type Check = (value: unknown, params: readonly string[], context: ValidationContext) => boolean;

interface RuleDefinition {
  key: ValidationMessageKey;
  check: Check;
  params?: (params: readonly string[]) => Record<string, string | number>;
  /** Whether the rule also judges empty values; the others let an empty, optional field pass. */
  checksEmpty?: boolean;
}

const firstParam = (params: readonly string[]) => params[0] ?? '';
const limit = (params: readonly string[]) => Number(firstParam(params));

/**
 * selected/unselected are for checkboxes: selected needs `true`, unselected anything but `true`.
 * correct/incorrect are for quiz answers: correct needs exactly `true`, incorrect exactly `false`,
 * so an unanswered question (undefined) is neither.
 */
const RULES: Readonly<Record<string, RuleDefinition>> = {
  required: { key: 'validation.required', check: (value) => !isEmptyValue(value), checksEmpty: true },
  is_required: { key: 'validation.is_required', check: (value) => !isEmptyValue(value), checksEmpty: true },
  regex: {
    key: 'validation.regex',
    check: (value, params) => toRegExp(firstParam(params))?.test(String(value)) ?? false,
    params: (params) => ({ pattern: firstParam(params) }),
  },
  min: {
    key: 'validation.min',
    check: (value, params) => lengthOf(value) >= limit(params),
    params: (params) => ({ n: limit(params) }),
  },
  max: {
    key: 'validation.max',
    check: (value, params) => lengthOf(value) <= limit(params),
    params: (params) => ({ n: limit(params) }),
  },
  in_array: {
    key: 'validation.in_array',
    check: (value, params) => asList(value).every((item) => params.includes(String(item))),
    params: (params) => ({ values: params.join(', ') }),
  },
  is_email: { key: 'validation.is_email', check: (value) => EMAIL_PATTERN.test(String(value)) },
  equals: {
    key: 'validation.equals',
    // The parameter names another field when the form has one by that name, else it is a literal.
    check: (value, params, { values }) => {
      const target = params.join(',');
      return values && target in values ? value === values[target] : String(value) === target;
    },
    params: (params) => ({ value: params.join(',') }),
  },
  selected: { key: 'validation.selected', check: (value) => value === true, checksEmpty: true },
  unselected: { key: 'validation.unselected', check: (value) => value !== true, checksEmpty: true },
  correct: { key: 'validation.correct', check: (value) => value === true, checksEmpty: true },
  incorrect: { key: 'validation.incorrect', check: (value) => value === false, checksEmpty: true },
};

export const VALIDATION_RULE_NAMES: readonly string[] = Object.keys(RULES);

/**
 * Returns the first failing rule's message key and parameters, or null when the value passes.
 * An unknown rule name throws: rules are written by developers, and a typo must not pass silently.
 */
export function validateValue(
  value: unknown,
  rules: string | readonly ParsedRule[],
  context: ValidationContext = {},
): ValidationError | null {
  const parsed = typeof rules === 'string' ? parseRules(rules) : rules;
  const empty = isEmptyValue(value);
  for (const { name, params } of parsed) {
    const rule = RULES[name];
    if (!rule) throw new Error(`Unknown validation rule "${name}"`);
    if (empty && !rule.checksEmpty) continue;
    if (!rule.check(value, params, context)) return { key: rule.key, params: rule.params?.(params) ?? {} };
  }
  return null;
}

/** Validates every field that has rules; the result holds only the fields that failed. */
export function validateFields(
  values: Readonly<Record<string, unknown>>,
  rulesByField: Readonly<Record<string, string | readonly ParsedRule[] | undefined>>,
): Record<string, ValidationError> {
  const errors: Record<string, ValidationError> = {};
  for (const [field, rules] of Object.entries(rulesByField)) {
    if (rules === undefined) continue;
    const error = validateValue(values[field], rules, { values });
    if (error) errors[field] = error;
  }
  return errors;
}
