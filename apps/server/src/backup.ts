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
    const started = Date.now();
    await backupDatabase(config.databaseUrl, config.databaseKind, file);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`Backed up the ${config.databaseKind} database to ${file} in ${seconds} s.\n`);
  } else if (command === 'restore' && argument) {
    const started = Date.now();
    const report = await restoreDatabase(config.databaseUrl, config.databaseKind, argument);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`Restored the ${config.databaseKind} database from ${argument} in ${seconds} s.\n`);
    if (report.otherConnections > 0) {
      process.stdout.write(
        `${report.otherConnections} other connection(s) to the database were open: a server still runs.\n` +
          'Restart every Leerpad instance now, so that none keeps what it cached of the old data.\n',
      );
    }
    process.stdout.write('The way to restore: stop the servers, restore, start the servers.\n');
  } else {
    process.stderr.write('Usage: npm run backup [file] | npm run restore <file>\n');
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
