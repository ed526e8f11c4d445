/**
 * Security headers on every answer. They never vary, so they are written out once here rather than
 * assembled per request. Pages of the app get the document set: the Content-Security-Policy allows
 * our own scripts only, inline styles (portal theme colours), images and media over https, and
 * embedded https frames (course videos).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: https:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "media-src 'self' https:",
].join(';');

export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * API answers (JSON, and uploaded files served inline) are never pages that run anything: they may
 * load nothing and may only be framed by the app itself (a PDF shown in the course player).
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'self'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
});

/**
 * The API reference page (/api/docs): Redoc runs our copy of its script, styles itself inline,
 * searches in a worker it starts from a blob, and reads the OpenAPI document from this origin.
 */
export const API_DOCS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...DOCUMENT_HEADERS,
  'content-security-policy': [
    "default-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
  ].join(';'),
});
