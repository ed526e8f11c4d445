/**
 * The `X-Experience-API-Version` header (xAPI 1.0.3 and 2.0): every request but GET /about names the
 * version it speaks; the LRS answers with the newest patch version of that minor version.
 */
export type XapiVersion = '1.0' | '2.0';

export const XAPI_VERSION_HEADER = 'x-experience-api-version';
export const SUPPORTED_XAPI_VERSIONS = ['1.0.3', '2.0.0'] as const;

/** The version a header names, or null when it names none we speak. */
export function parseXapiVersion(header: string | string[] | undefined): XapiVersion | null {
  if (typeof header !== 'string') return null;
  const value = header.trim();
  if (/^1\.0(\.\d+)?$/.test(value)) return '1.0';
  if (/^2\.0(\.\d+)?$/.test(value)) return '2.0';
  return null;
}

export const answerVersion = (version: XapiVersion | null): string => (version === '2.0' ? '2.0.0' : '1.0.3');
