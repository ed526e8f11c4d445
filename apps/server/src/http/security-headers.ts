/**
 * Security headers on every answer. They never vary, so they are written out once here rather than
 * assembled per request. Pages of the app get the document set: the Content-Security-Policy allows
 * our own scripts only, inline styles (portal theme colours), images and media over https, and
 * embedded https frames (course videos).
 */
const POLICY = [
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
];
const CONTENT_SECURITY_POLICY = POLICY.join(';');

/**
 * The hosts of the chat widget (SPEC §6, coaches): its script, its API and live connection. They
 * are allowed only on a portal that has a chat id (`information.zendeskChatId`).
 */
export const CHAT_WIDGET_SCRIPT = 'https://static.zdassets.com';
const CHAT_WIDGET_SOURCES: Record<string, string> = {
  'script-src': CHAT_WIDGET_SCRIPT,
  'connect-src': `${CHAT_WIDGET_SCRIPT} https://*.zendesk.com https://*.zopim.com wss://*.zendesk.com wss://*.zopim.com`,
};

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

/** The page headers of a portal with a chat widget: the policy also allows the widget's hosts. */
export const CHAT_DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...DOCUMENT_HEADERS,
  'content-security-policy': POLICY.map((directive) => {
    const name = directive.split(' ')[0]!;
    return CHAT_WIDGET_SOURCES[name] ? `${directive} ${CHAT_WIDGET_SOURCES[name]}` : directive;
  }).join(';'),
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
