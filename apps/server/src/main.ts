import { loadConfig } from './config';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import { migrateToLatest, withStartupLock } from './db/migrate';
import type { Database } from './db/schema';
import { bootstrapPortal } from './db/seed/bootstrap';
import { DEMO_FEEDBACK_TOKEN, DEMO_PROFILE_HANDLE } from './db/seed/portfolio';
import { startTracingIfWanted } from './observability/trace-settings';
import { describeStorage, storageFor } from './storage/storage-for';

/** One migration statement may run this long (a large table rebuilt); requests have their own limit. */
const MIGRATION_STATEMENT_TIMEOUT_MS = 30 * 60_000;

async function main(): Promise<void> {
  const demoFlag = process.argv.includes('--demo');
  const config = await step('read the configuration', () =>
    loadConfig(process.env, demoFlag ? { demo: true } : {}),
  );
  // Traces start before Fastify and pg are loaded (below, by import()), so both are instrumented;
  // without OTEL_* variables no OpenTelemetry code is loaded at all.
  const tracing = await step('start tracing', () =>
    startTracingIfWanted(process.env, (message) => process.stderr.write(`${message}\n`)),
  );
  const { openDatabase } = await import('./db/connection');
  const database = await step(`open the database (${config.databaseKind})`, () =>
    openDatabase(config.databaseUrl, config.databaseKind, {
      poolSize: config.dbPoolSize,
      timeouts: config.dbTimeouts,
    }),
  );
  if (config.databaseKind === 'postgres') {
    await step(`reach PostgreSQL at ${describeDatabase(config.databaseUrl)}`, () =>
      waitForDatabase(database.db, config),
    );
  }

  // One adapter for the demo's files and the app, so both write where LEERPAD_STORAGE_URL says.
  const storage = storageFor(config.storage);
  await step(`check the file storage (${describeStorage(config.storage)})`, () => storage.check());
  const publicUrl = new URL(process.env.LEERPAD_PUBLIC_URL ?? `http://localhost:${config.port}`);
  // Migrations and the first start's set-up run under one lock: instances that start together on
  // an empty database take turns, and the second finds the portal the first one made.
  // They run on a connection of their own without the per-statement limit: a migration may
  // rebuild a large table, and waiting for another instance's start may take a while.
  const setup =
    config.databaseKind === 'postgres'
      ? openDatabase(config.databaseUrl, 'postgres', {
          poolSize: 1,
          timeouts: { ...config.dbTimeouts, statementMs: MIGRATION_STATEMENT_TIMEOUT_MS },
        })
      : database;
  const banner = await step('bring the database schema up to date and set up a first start', () =>
    withStartupLock(
      setup.db,
      async (db) => {
        await migrateToLatest(db);
        return firstStart(db, config, publicUrl, storage);
      },
      (message) => process.stderr.write(`${message}\n`),
    ),
  ).finally(() => (setup === database ? undefined : setup.close()));

  const { buildApp } = await import('./app');
  const { app } = await buildApp({
    config,
    database,
    storage,
    ...(tracing ? { logFields: tracing.logFields } : {}),
  });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    await tracing?.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `Leerpad is running at http://localhost:${config.port} (${config.databaseKind}${config.demo ? ', demo mode' : ''})`,
    ...banner,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

/** An empty database gets its first portal (and admin), or the demo data in demo mode. */
async function firstStart(
  db: Kysely<Database>,
  config: Config,
  publicUrl: URL,
  storage: ReturnType<typeof storageFor>,
): Promise<string[]> {
  const banner: string[] = [];
  const { DEMO_PASSWORD, isEmpty, seedDemo } = await import('./db/seed/demo');
  if (await isEmpty(db)) {
    if (config.demo) {
      const accounts = await seedDemo(db, publicUrl, { storage });
      banner.push('Demo data created. Sign in with any of these (password: ' + DEMO_PASSWORD + '):');
      for (const account of accounts)
        banner.push(`  ${account.email.padEnd(30)} ${account.role} — ${account.portal}`);
      const academyUrl = `${publicUrl.protocol}//localhost${publicUrl.port ? `:${publicUrl.port}` : ''}`;
      banner.push(
        `Pending feedback request (no account needed): ${academyUrl}/rate?token=${DEMO_FEEDBACK_TOKEN}`,
      );
      banner.push(`Public profile of the demo student: ${academyUrl}/profiles/${DEMO_PROFILE_HANDLE}`);
    } else {
      const adminEmail = process.env.LEERPAD_ADMIN_EMAIL;
      await bootstrapPortal(db, {
        name: process.env.LEERPAD_PORTAL_NAME ?? 'Leerpad',
        domain: publicUrl.hostname,
        baseUrl: publicUrl.origin,
        ...(adminEmail ? { adminEmail } : {}),
      });
      banner.push(`Created portal on ${publicUrl.hostname}.`);
      if (adminEmail)
        banner.push(`Admin ${adminEmail}: choose a password with "Forgot password" on the sign-in page.`);
    }
  }
  return banner;
}

function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Waits for PostgreSQL to answer, saying so in the log each time it tries, and gives up after
 * LEERPAD_DB_START_TIMEOUT_SECONDS: a database that starts beside the app is waited for, one that
 * never answers ends the start with a clear message instead of a silent hang.
 */
async function waitForDatabase(db: Kysely<Database>, config: Config): Promise<void> {
  const deadline = Date.now() + config.dbStartTimeoutSeconds * 1000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.now() + 1000 > deadline) {
        throw new Error(
          `no answer within ${config.dbStartTimeoutSeconds} s (${reason}). Check that PostgreSQL runs and ` +
            'that DATABASE_URL points at it; LEERPAD_DB_START_TIMEOUT_SECONDS sets how long a start waits.',
        );
      }
      process.stderr.write(
        `Waiting for PostgreSQL at ${describeDatabase(config.databaseUrl)} (attempt ${attempt}): ${reason}\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Runs one start-up step; a failure names the step, so the message says what went wrong where. */
async function step<T>(what: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StartupError(what, error);
  }
}

class StartupError extends Error {
  constructor(
    readonly step: string,
    readonly reason: unknown,
  ) {
    super(`could not ${step}: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

main().catch((error: unknown) => {
  const detail =
    error instanceof StartupError
      ? error.message
      : `${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  process.stderr.write(`Leerpad could not start: ${detail}\n`);
  if (
    process.env.LEERPAD_LOG_LEVEL === 'debug' &&
    error instanceof StartupError &&
    error.reason instanceof Error
  )
    process.stderr.write(`${error.reason.stack}\n`);
  process.exit(1);
});
