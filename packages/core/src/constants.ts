/** Business constants and limits from SPEC §9 (and the few named elsewhere in the spec). */

// Languages
export const LANGUAGES = ['en', 'nl', 'ro'] as const;
export type Locale = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Locale = 'nl';

export function isLocale(value: unknown): value is Locale {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

// Pagination
export const DEFAULT_PAGE_SIZE = 25;
export const FIRST_PAGE = 1;
export const PAGE_SIZE_OPTIONS = [25, 50, 75] as const;
export const MAX_PAGE_SIZE = 100;
/** Pagination controls appear only when the total is above this. */
export const PAGINATION_THRESHOLD = 25;
export const PAGINATION_EDGE_PAGES = 2;
export const PAGINATION_NEIGHBOUR_PAGES = 2;

// Query cache and retries
export const QUERY_STALE_MS = 20 * 60_000;
export const QUERY_GC_MS = 30 * 60_000;
export const QUERY_RETRY_COUNT = 1;
export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 30_000;

// Session ping
export const PING_STALE_MS = 10 * 60_000;
export const PING_REFETCH_MS = 30 * 60_000;

// Interface timings and sizes
export const SEARCH_DEBOUNCE_MS = 350;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 200;
export const FORM_DIRTY_DELAY_MS = 500;
export const DROPDOWN_MAX_HEIGHT = 320;
export const SUPPORT_CLICK_DELAY_MS = 200;
export const NARROW_SCREEN_MAX_PX = 640;
export const THEME_FALLBACK_COLOUR = 'rgb(113,72,229)';

// Loading indicator: four messages, the animation plays for the first three.
export const LOADING_STEP_MS = 12_040;
export const LOADING_STAGE_COUNT = 4;
export const LOADING_ANIMATED_STAGES = 3;

// People
export const ONLINE_WINDOW_MS = 15 * 60_000;
export const AVATAR_IMAGE_WIDTH = 150;
export const AVATAR_INITIALS_LENGTH = 1;
/** A profile photo: PNG, JPEG or WebP, at most 2 MB (uploaded through /v1/files, within the quota). */
export const AVATAR_MAX_BYTES = 2_000_000;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

// Notifications
export const NOTIFICATION_BADGE_CAP = 99;
export const NOTIFICATION_REFETCH_MS = 5 * 60_000;
export const NOTIFICATIONS_PARTIAL_SIZE = 5;

// Search limits
export const ACCOUNT_SEARCH_LIMIT = 20;
export const PORTAL_SEARCH_LIMIT = 5;

// Acting as a user: an act ends by itself after this long.
export const ACTING_AS_MAX_MINUTES = 60;

// Dates and cookies
export const RELATIVE_DATE_WINDOW_DAYS = 3;
export const COOKIE_DEFAULT_DAYS = 1;
export const PORTAL_DOMAIN_COOKIE = 'portal_domain';

// Forms: a response status at or below this counts as success; 422 maps errors onto fields.
export const FORM_SUCCESS_MAX_STATUS = 299;
export const VALIDATION_ERROR_STATUS = 422;

// Uploads (one of the spec's unexplained constants; we use it as the upload cap).
export const FILE_UPLOAD_MAX_BYTES = 50_000_000;

/** Uploaded file types a browser may show in place; every other type is served as a download. */
export const INLINE_FILE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/ogg',
  'text/plain',
];

// Error reporting trace sampling: 0 everywhere except production.
export const ERROR_TRACE_SAMPLE_RATE_PRODUCTION = 0.01;

// Portal branding (decision 058)
export const BRANDING_ASSETS = ['logo', 'favicon'] as const;
export type BrandingAsset = (typeof BRANDING_ASSETS)[number];
/** Bytes and pixels a portal's logo and favicon may have; SVG has no pixel size and is sanitised. */
export const BRANDING_LIMITS = {
  logo: { maxBytes: 500_000, maxWidth: 2000, maxHeight: 1000, minSize: 16 },
  favicon: { maxBytes: 200_000, maxWidth: 512, maxHeight: 512, minSize: 16 },
} as const satisfies Record<
  BrandingAsset,
  { maxBytes: number; maxWidth: number; maxHeight: number; minSize: number }
>;
/** The business model choices of the settings screen: `free` is a portal with no model at all. */
export const BUSINESS_MODEL_CHOICES = ['free', 'flat_fee', 'subscription', 'in_plan'] as const;
export type BusinessModelChoice = (typeof BUSINESS_MODEL_CHOICES)[number];
