import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { bootstrapPortal } from './db/seed/bootstrap';
import { DEMO_PASSWORD, isEmpty, seedDemo } from './db/seed/demo';
import { DEMO_FEEDBACK_TOKEN, DEMO_PROFILE_HANDLE } from './db/seed/portfolio';
import { describeStorage, storageFor } from './storage/storage-for';

async function main(): Promise<void> {
  const demoFlag = process.argv.includes('--demo');
  const config = await step('read the configuration', () =>
    loadConfig(process.env, demoFlag ? { demo: true } : {}),
  );
  const database = await step(`open the database (${config.databaseKind})`, () =>
    openDatabase(config.databaseUrl, config.databaseKind, { poolSize: config.dbPoolSize }),
  );
  await step('bring the database schema up to date', () => migrateToLatest(database.db));

  // One adapter for the demo's files and the app, so both write where LEERPAD_STORAGE_URL says.
  const storage = storageFor(config.storage);
  await step(`check the file storage (${describeStorage(config.storage)})`, () => storage.check());
  const publicUrl = new URL(process.env.LEERPAD_PUBLIC_URL ?? `http://localhost:${config.port}`);
  const banner: string[] = [];
  if (await isEmpty(database.db)) {
    if (config.demo) {
      const accounts = await seedDemo(database.db, publicUrl, { storage });
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
      await bootstrapPortal(database.db, {
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

  const { app } = await buildApp({ config, database, storage });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
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
