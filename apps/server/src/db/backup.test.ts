import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DATABASE } from '../test/test-app';
import { defaultStorageRoot, localDiskStorage } from '../storage/file-storage';
import { pgBossQueue } from '../jobs/pg-boss-queue';
import type { JobQueue } from '../jobs/job-queue';
import { backupDatabase, restoreDatabase } from './backup';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrate';
import { seedDemo } from './seed/demo';

const folder = mkdtempSync(join(tmpdir(), 'leerpad-backup-'));
let url = `sqlite:${join(folder, 'leerpad.sqlite')}`;
let drop: () => Promise<void> = async () => undefined;

const portalNames = async () => {
  const handle = openDatabase(url, TEST_DATABASE);
  try {
    return (await handle.db.selectFrom('portals').select('name').orderBy('id').execute()).map(
      (row) => row.name,
    );
  } finally {
    await handle.close();
  }
};

beforeAll(async () => {
  if (TEST_DATABASE === 'postgres') {
    const database = await createPostgresDatabase();
    url = database.url;
    drop = database.drop;
  }
  const handle = openDatabase(url, TEST_DATABASE);
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, new URL('http://localhost:3000'), {
    storage: localDiskStorage(defaultStorageRoot('/tmp/leerpad-test')),
  });
  await handle.close();
}, 60_000);

afterAll(() => drop());

describe(`backup and restore (${TEST_DATABASE})`, () => {
  it('bring the database back as it was when the backup was made', async () => {
    const file = join(folder, TEST_DATABASE === 'postgres' ? 'backup.dump' : 'backup.sqlite');
    const before = await portalNames();
    // pg-boss keeps a partitioned job table per queue, as on a server that has run; and it keeps
    // running during the restore, as a server that was not stopped would.
    let jobs: JobQueue | null = null;
    if (TEST_DATABASE === 'postgres') {
      jobs = pgBossQueue(url, { pollSeconds: 0.5 });
      jobs.define('backup_probe', async () => undefined);
      jobs.define('backup_other', async () => undefined);
      await jobs.start();
      await jobs.enqueue('backup_probe', {});
      await jobs.enqueue('backup_other', {}, { runAt: new Date(Date.now() + 3600_000) });
    }
    await backupDatabase(url, TEST_DATABASE, file);
    await expect(backupDatabase(url, TEST_DATABASE, file)).rejects.toThrow('exists already');

    const handle = openDatabase(url, TEST_DATABASE);
    await handle.db.updateTable('portals').set({ name: 'Renamed after the backup' }).execute();
    await handle.db.deleteFrom('notifications').execute();
    await handle.close();
    expect(await portalNames()).not.toEqual(before);

    const report = await restoreDatabase(url, TEST_DATABASE, file);
    expect(await portalNames()).toEqual(before);
    const restored = openDatabase(url, TEST_DATABASE);
    const notifications = await restored.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    await restored.close();
    expect(Number(notifications.count)).toBeGreaterThan(0);
    if (jobs) {
      // The running queue was noticed, and the scheduled job came back with the backup.
      expect(report.otherConnections).toBeGreaterThan(0);
      expect(await jobs.depth()).toBeGreaterThanOrEqual(1);
      await jobs.stop();
      // Restoring again (now with nothing running) works as well: the restore starts from any state.
      await restoreDatabase(url, TEST_DATABASE, file);
      expect(await portalNames()).toEqual(before);
    }
  }, 60_000);

  it('refuses to restore from a file that is not a backup, and keeps the database', async () => {
    await expect(restoreDatabase(url, TEST_DATABASE, join(folder, 'missing.file'))).rejects.toThrow(
      'There is no backup',
    );
    const before = await portalNames();
    const junk = join(folder, 'junk.bin');
    (await import('node:fs')).writeFileSync(junk, 'not a database');
    await expect(restoreDatabase(url, TEST_DATABASE, junk)).rejects.toThrow();
    expect(await portalNames()).toEqual(before);
  }, 60_000);
});
