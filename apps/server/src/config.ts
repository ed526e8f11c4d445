import { z } from 'zod';

/** Environment variables → typed configuration. Every variable is documented in the README. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATABASE_URL: z.string().default('sqlite:data/leerpad.sqlite'),
  LEERPAD_DATA_DIR: z.string().default('data'),
  LEERPAD_DEMO: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('')
    .transform((value) => value === '1' || value === 'true'),
  LEERPAD_WEB_DIR: z.string().optional(),
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
  LEERPAD_DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  LEERPAD_METRICS_TOKEN: z.string().min(16, 'Use a token of at least 16 characters.').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'Expected redis://host:port or rediss://…')
    .optional(),
});

export type DatabaseKind = 'sqlite' | 'postgres';
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
  /** Shared rate-limit counters for several instances; in memory when unset. */
  redisUrl: string | undefined;
  /** PostgreSQL connections per instance. */
  dbPoolSize: number;
  /** Bearer token for GET /metrics; the endpoint does not exist without one. */
  metricsToken: string | undefined;
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
  const config: Config = {
    port: env.PORT,
    // The demo's passwords are public, so a demo listens on this machine only unless HOST says otherwise.
    host: env.HOST || (demo ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: env.DATABASE_URL,
    databaseKind: databaseKind(env.DATABASE_URL),
    dataDir: env.LEERPAD_DATA_DIR,
    redisUrl: env.REDIS_URL,
    dbPoolSize: env.LEERPAD_DB_POOL_SIZE,
    metricsToken: env.LEERPAD_METRICS_TOKEN,
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
  };
  return { ...config, ...overrides };
}
