/**
 * Backups of the whole database: SQLite's online backup (consistent while the server runs) or
 * pg_dump's custom format; restore puts one back (SQLite: with the server stopped). Uploaded files
 * live in LEERPAD_DATA_DIR/files and are copied with the data folder (docs/deployment.md).
 */
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import type { DatabaseKind } from '../config';
import { sqlitePath } from './connection';

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`${command} could not run (${error.message}); install the PostgreSQL client tools.`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors.trim()}`)),
    );
  });
}

export async function backupDatabase(url: string, kind: DatabaseKind, file: string): Promise<void> {
  if (existsSync(file)) throw new Error(`${file} exists already; choose a new file name.`);
  if (kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url]);
    return;
  }
  const path = sqlitePath(url);
  if (!existsSync(path)) throw new Error(`There is no database at ${path}.`);
  const source = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
}

export async function restoreDatabase(url: string, kind: DatabaseKind, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  if (kind === 'postgres') {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${url}`,
      file,
    ]);
    return;
  }
  const path = sqlitePath(url);
  // Check it is a readable SQLite database before anything is replaced.
  const backup = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const check = backup.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
  } finally {
    backup.close();
  }
  const staging = `${path}.restoring`;
  const copy = new SqliteDatabase(file, { readonly: true });
  try {
    await copy.backup(staging);
  } finally {
    copy.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  renameSync(staging, path);
}
