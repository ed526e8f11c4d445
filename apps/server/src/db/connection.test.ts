import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection';

describe('opening an SQLite database', () => {
  it('fails at once, saying where, for a place no file can be written', () => {
    for (const place of ['/proc/leerpad/leerpad.sqlite', '/proc/self/leerpad.sqlite']) {
      expect(() => openDatabase(`sqlite:${place}`, 'sqlite'), place).toThrow(
        `The database ${place} cannot be created or written there`,
      );
    }
  });

  it('fails at once when a folder in the path is a file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'leerpad-db-'));
    writeFileSync(join(folder, 'not-a-folder'), 'x');
    const place = join(folder, 'not-a-folder', 'leerpad.sqlite');
    expect(() => openDatabase(`sqlite:${place}`, 'sqlite')).toThrow(/ENOTDIR|ENOENT|EEXIST/);
  });

  it('opens and writes a new file in a new folder', async () => {
    const place = join(mkdtempSync(join(tmpdir(), 'leerpad-db-')), 'deeper', 'leerpad.sqlite');
    const database = openDatabase(`sqlite:${place}`, 'sqlite');
    await database.close();
  });
});
