import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ANALYTICS_FORWARD_KINDS } from './observability/analytics-forward';
import type { AnalyticsForwardSettings } from './observability/analytics-forward';
import { defaultStorageRoot } from './storage/file-storage';

/** Environment variables → typed configuration. Every variable is documented in the README. */
const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().optional(),
    DATABASE_URL: z.string().default('sqlite:data/leerpad.sqlite'),
    LEERPAD_DATA_DIR: z.string().default('data'),
    LEERPAD_DEMO: z
      .enum(['0', '1', 'true', 'false', ''])
      .default('')
      .transform((value) => value === '1' || value === 'true'),
    LEERPAD_WEB_DIR: z.string().optional(),
    LEERPAD_STORAGE_URL: z.string().default(''),
    AWS_REGION: z.string().optional(),
    LEERPAD_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LEERPAD_TRUST_PROXY: z
      .string()
      .default('')
      .transform((value, context) => {
        const trust = parseTrustProxy(value);
        if (trust === null) {
          context.addIssue({
            code: 'custom',
            message:
              'Expected off, a number of proxy hops (1, 2, …), or a comma-separated list of addresses or CIDR ranges.',
          });
          return z.NEVER;
        }
        return trust;
      }),
    LEERPAD_QUOTA_ACCOUNT_BYTES: z.coerce.number().int().min(0).default(1_000_000_000),
    LEERPAD_QUOTA_PORTAL_BYTES: z.coerce.number().int().min(0).default(50_000_000_000),
    LEERPAD_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    LEERPAD_LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    LEERPAD_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    LEERPAD_LOGIN_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    LEERPAD_WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    LEERPAD_STRIPE_API_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+\/?$/, 'Expected http(s)://host[:port].')
      .optional(),
    LEERPAD_DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    LEERPAD_DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
    LEERPAD_DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    LEERPAD_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(3_600_000)
      .default(30_000),
    LEERPAD_DB_START_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    LEERPAD_LTI_ALLOW_PRIVATE_HOSTS: z
      .enum(['0', '1', 'true', 'false', ''])
      .default('')
      .transform((value) => value === '1' || value === 'true'),
    LEERPAD_SENTRY_DSN: z.string().optional(),
    SENTRY_DSN: z.string().optional(),
    LEERPAD_ANALYTICS_FORWARD: z.enum(['', 'off', ...ANALYTICS_FORWARD_KINDS]).default(''),
    LEERPAD_ANALYTICS_FORWARD_URL: z
      .string()
      .refine(isHttpUrl, 'Expected the http(s):// address of the collector.')
      .optional(),
    LEERPAD_ANALYTICS_FORWARD_SITE: z.string().trim().max(200).optional(),
    LEERPAD_METRICS_TOKEN: z.string().min(16, 'Use a token of at least 16 characters.').optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'Expected redis://host:port or rediss://…')
      .optional(),
  })
  .transform((env, context) => {
    const storage = parseStorageUrl(env.LEERPAD_STORAGE_URL, env.AWS_REGION);
    if (typeof storage === 'string') {
      context.addIssue({ code: 'custom', path: ['LEERPAD_STORAGE_URL'], message: storage });
      return z.NEVER;
    }
    const analyticsForward = parseAnalyticsForward(env, context);
    return { ...env, storage, analyticsForward };
  });

/** LEERPAD_ANALYTICS_FORWARD with its URL and site, or null when page views stay on this server. */
function parseAnalyticsForward(
  env: {
    LEERPAD_ANALYTICS_FORWARD: '' | 'off' | AnalyticsForwardSettings['kind'];
    LEERPAD_ANALYTICS_FORWARD_URL?: string | undefined;
    LEERPAD_ANALYTICS_FORWARD_SITE?: string | undefined;
  },
  context: z.RefinementCtx,
): AnalyticsForwardSettings | null {
  const kind = env.LEERPAD_ANALYTICS_FORWARD;
  if (kind === '' || kind === 'off') return null;
  const site = env.LEERPAD_ANALYTICS_FORWARD_SITE || undefined;
  if (!env.LEERPAD_ANALYTICS_FORWARD_URL) {
    context.addIssue({
      code: 'custom',
      path: ['LEERPAD_ANALYTICS_FORWARD_URL'],
      message: `Forwarding page views to ${kind} needs the collector's address, e.g. https://${kind}.example.com.`,
    });
    return null;
  }
  if (kind === 'umami' && !site) {
    context.addIssue({
      code: 'custom',
      path: ['LEERPAD_ANALYTICS_FORWARD_SITE'],
      message: "Umami needs the website's id (a UUID from its settings).",
    });
    return null;
  }
  return { kind, url: env.LEERPAD_ANALYTICS_FORWARD_URL, site };
}

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

/** Where uploaded files live: a directory on this machine, or an S3 bucket that instances share. */
export type StorageLocation =
  | { kind: 'local'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      /** Prepended to every key with a slash; empty for the top of the bucket. */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
    };

const S3_URL = /^s3:\/\/([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/;
// Amazon's rules for bucket names; compatible services accept at least these.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;
const S3_PARAMETERS = ['endpoint', 'region', 'forcePathStyle'];
const STORAGE_URL_FORMS =
  'Expected file:<directory> or s3://bucket/optional-prefix?endpoint=…&region=…&forcePathStyle=true.';

/**
 * LEERPAD_STORAGE_URL → where files live, or what is wrong with it. Empty means local disk under the
 * data directory (resolved in loadConfig, which knows it); the region falls back on AWS_REGION, then
 * us-east-1, which S3-compatible services accept whatever their own.
 */
export function parseStorageUrl(value: string, awsRegion?: string): StorageLocation | null | string {
  const text = value.trim();
  if (text === '') return null;
  if (text.startsWith('file:')) {
    let directory: string;
    try {
      directory = text.startsWith('file://') ? fileURLToPath(text) : text.slice('file:'.length);
    } catch {
      return `Not a file URL: "${text}". ${STORAGE_URL_FORMS}`;
    }
    if (directory.trim() === '') return `file: needs a directory, as in file:/var/lib/leerpad/files.`;
    return { kind: 'local', directory };
  }
  const match = S3_URL.exec(text);
  if (!match) return `Not a storage URL: "${text}". ${STORAGE_URL_FORMS}`;
  const [, bucket = '', path = '', query = ''] = match;
  if (bucket.includes('@'))
    return 'Keep credentials out of the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.';
  if (!BUCKET_NAME.test(bucket))
    return `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens).`;
  const prefix = path.replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && (!PREFIX.test(prefix) || prefix.includes('..')))
    return `"${prefix}" is not a usable prefix (folders of letters, digits, ".", "_" and "-").`;
  const parameters = new URLSearchParams(query);
  for (const name of parameters.keys())
    if (!S3_PARAMETERS.includes(name))
      return `Unknown parameter "${name}" (known: ${S3_PARAMETERS.join(', ')}).`;
  const endpoint = parameters.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !isHttpUrl(endpoint))
    return `endpoint must be an http:// or https:// address (got "${endpoint}").`;
  const region = parameters.get('region') ?? awsRegion ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return `"${region}" is not a region name, such as eu-west-1.`;
  const pathStyle = parameters.get('forcePathStyle') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle))
    return `forcePathStyle must be true or false (got "${pathStyle}").`;
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}
export type TrustProxy = false | number | string[];

const PROXY_ADDRESS = /^[0-9a-f.:]+(\/\d{1,3})?$/i;

/** `off` / `0` / empty → false; `true` / `1`… → that many hops (true is one); else a list. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false' || text === 'off') return false;
  if (text === 'true' || text === 'on') return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (
    addresses.length === 0 ||
    !addresses.every(
      (address) => PROXY_ADDRESS.test(address) || ['loopback', 'linklocal', 'uniquelocal'].includes(address),
    )
  )
    return null;
  return addresses;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  databaseKind: DatabaseKind;
  dataDir: string;
  /** Uploaded files: local disk under the data directory unless LEERPAD_STORAGE_URL says otherwise. */
  storage: StorageLocation;
  /** Shared rate-limit counters for several instances; in memory when unset. */
  redisUrl: string | undefined;
  /** PostgreSQL connections per instance. */
  dbPoolSize: number;
  /** PostgreSQL time limits (ms): a new connection or a free pool slot, one statement, an idle transaction. */
  dbTimeouts: DatabaseTimeouts;
  /** How long a start waits for PostgreSQL to answer before it gives up (seconds). */
  dbStartTimeoutSeconds: number;
  /** Where exceptions are reported (a Sentry DSN); nothing is reported without one. */
  errorReportsDsn: string | undefined;
  /** Bearer token for GET /metrics; the endpoint does not exist without one. */
  metricsToken: string | undefined;
  /** Where page views are also sent (Plausible or Umami); null keeps them on this server only. */
  analyticsForward: AnalyticsForwardSettings | null;
  demo: boolean;
  webDir: string | undefined;
  logLevel: string;
  /**
   * Which proxies may say who the client is: none, the nearest N hops, or these addresses. The
   * client address is the right-most one in X-Forwarded-For that is not a trusted proxy, so an
   * address the client writes there itself is never believed.
   */
  trustProxy: TrustProxy;
  sessionDays: number;
  /** Bytes of uploads one account, and one portal in all, may keep. */
  quotaAccountBytes: number;
  quotaPortalBytes: number;
  loginFailuresPerIp: number;
  loginFailuresPerAccount: number;
  loginWindowSeconds: number;
  /** Wait before the first retry of a failed webhook delivery; each next retry waits twice as long. */
  webhookRetrySeconds: number;
  /** Where the Stripe SDK sends its calls; Stripe's own API when unset (tests point it at a fake). */
  stripeApiUrl: string | undefined;
  /** LTI tools on loopback or private addresses may be fetched (a tool on the same network, tests). */
  ltiAllowPrivateHosts: boolean;
}

export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('sqlite:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url}")`);
}

export function loadConfig(
  environment: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const demo = overrides.demo ?? env.LEERPAD_DEMO;
  const dataDir = overrides.dataDir ?? env.LEERPAD_DATA_DIR;
  const config: Config = {
    port: env.PORT,
    // The demo's passwords are public, so a demo listens on this machine only unless HOST says otherwise.
    host: env.HOST || (demo ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: env.DATABASE_URL,
    databaseKind: databaseKind(env.DATABASE_URL),
    dataDir,
    storage: env.storage ?? { kind: 'local', directory: defaultStorageRoot(dataDir) },
    redisUrl: env.REDIS_URL,
    dbPoolSize: env.LEERPAD_DB_POOL_SIZE,
    dbTimeouts: {
      connectMs: env.LEERPAD_DB_CONNECT_TIMEOUT_MS,
      statementMs: env.LEERPAD_DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: env.LEERPAD_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dbStartTimeoutSeconds: env.LEERPAD_DB_START_TIMEOUT_SECONDS,
    errorReportsDsn: env.LEERPAD_SENTRY_DSN || env.SENTRY_DSN || undefined,
    metricsToken: env.LEERPAD_METRICS_TOKEN,
    analyticsForward: env.analyticsForward,
    demo,
    webDir: env.LEERPAD_WEB_DIR,
    logLevel: env.LEERPAD_LOG_LEVEL,
    trustProxy: env.LEERPAD_TRUST_PROXY,
    sessionDays: env.LEERPAD_SESSION_DAYS,
    quotaAccountBytes: env.LEERPAD_QUOTA_ACCOUNT_BYTES,
    quotaPortalBytes: env.LEERPAD_QUOTA_PORTAL_BYTES,
    loginFailuresPerIp: env.LEERPAD_LOGIN_FAILURES_PER_IP,
    loginFailuresPerAccount: env.LEERPAD_LOGIN_FAILURES_PER_ACCOUNT,
    loginWindowSeconds: env.LEERPAD_LOGIN_WINDOW_SECONDS,
    webhookRetrySeconds: env.LEERPAD_WEBHOOK_RETRY_SECONDS,
    stripeApiUrl: env.LEERPAD_STRIPE_API_URL,
    ltiAllowPrivateHosts: env.LEERPAD_LTI_ALLOW_PRIVATE_HOSTS,
  };
  return { ...config, ...overrides };
}
