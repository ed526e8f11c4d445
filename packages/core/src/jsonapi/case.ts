/**
 * Key case conversion: request bodies go out in snake_case, responses come back in camelCase
 * (SPEC §7). Only the keys of plain objects change; values, Dates and class instances do not.
 */

/**
 * Keys whose values are opaque user data and are passed through untouched, subtree included:
 * portal-language `overrides` (translation keys) and preference `payload` (stored settings).
 */
export const CASE_CONVERSION_EXCEPTIONS: readonly string[] = ['overrides', 'payload'];

/** 'full_name' → 'fullName'. A digit after '_' is kept as is so the conversion round-trips. */
export function snakeToCamel(text: string): string {
  return text.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** 'fullName' → 'full_name', 'avatarURL' → 'avatar_url'. */
export function camelToSnake(text: string): string {
  return text
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function convertKeys(
  value: unknown,
  convert: (key: string) => string,
  exceptions: readonly string[],
): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert, exceptions));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const converted = convert(key);
    const exempt = exceptions.includes(key) || exceptions.includes(converted);
    result[exempt ? key : converted] = exempt ? child : convertKeys(child, convert, exceptions);
  }
  return result;
}

export function toCamelCaseKeys<T = unknown>(
  value: unknown,
  exceptions: readonly string[] = CASE_CONVERSION_EXCEPTIONS,
): T {
  return convertKeys(value, snakeToCamel, exceptions) as T;
}

export function toSnakeCaseKeys<T = unknown>(
  value: unknown,
  exceptions: readonly string[] = CASE_CONVERSION_EXCEPTIONS,
): T {
  return convertKeys(value, camelToSnake, exceptions) as T;
}
