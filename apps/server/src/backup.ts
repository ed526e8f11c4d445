/**
 * `npm run backup [file]` and `npm run restore <file>`: the database of DATABASE_URL to a file and back.
 */
import { loadConfig } from './config';
import { backupDatabase, restoreDatabase } from './db/backup';

async function main(): Promise<void> {
  const [command, argument] = process.argv.slice(2);
  const config = loadConfig(process.env);
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = argument ?? `leerpad-${stamp}.${config.databaseKind === 'postgres' ? 'dump' : 'sqlite'}`;
    await backupDatabase(config.databaseUrl, config.databaseKind, file);
    process.stdout.write(`Backed up the ${config.databaseKind} database to ${file}\n`);
  } else if (command === 'restore' && argument) {
    await restoreDatabase(config.databaseUrl, config.databaseKind, argument);
    process.stdout.write(`Restored the ${config.databaseKind} database from ${argument}\n`);
  } else {
    process.stderr.write('Usage: npm run backup [file] | npm run restore <file>\n');
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
