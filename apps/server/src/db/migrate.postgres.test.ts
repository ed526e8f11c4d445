import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrate';

describe('migrating a database that refuses connections', () => {
  it('says that no migration had started, and why, quickly', async () => {
    const database = openDatabase('postgres://postgres@127.0.0.1:4419/nowhere', 'postgres');
    try {
      const started = Date.now();
      await expect(migrateToLatest(database.db)).rejects.toThrow(
        /Could not read which migrations have run \(none was started\): .*ECONNREFUSED/,
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await database.close();
    }
  });
});
