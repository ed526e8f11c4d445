import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { hashToken } from '../http/session';
import { createPostgresDatabase, TEST_DATABASE } from '../test/test-app';
import { eventually, signIn, startServer, XHR } from './server-process';
import type { ServerProcess } from './server-process';

/**
 * kill -9 while an account import hands its invitations to the mailer: after a restart every new
 * account has exactly one invitation, and its link works (decision 055). The real server runs as a
 * child process; mail goes to .eml files under its data folder.
 */
const PORT = TEST_DATABASE === 'postgres' ? 4413 : 4408;
const ACCOUNTS = Number(process.env.LEERPAD_FAULT_IMPORT_ACCOUNTS ?? 1500);
const folder = mkdtempSync(join(tmpdir(), 'leerpad-fault-import-'));
const mailDir = join(folder, 'mail');
let databaseUrl = `sqlite:${join(folder, 'leerpad.sqlite')}`;
let drop: () => Promise<void> = async () => undefined;
let server: ServerProcess | null = null;

beforeAll(async () => {
  if (TEST_DATABASE === 'postgres') {
    const database = await createPostgresDatabase();
    databaseUrl = database.url;
    drop = database.drop;
  }
}, 60_000);
afterAll(async () => {
  await server?.kill();
  await drop();
}, 60_000);

const invitations = () => {
  try {
    return readdirSync(mailDir).filter(
      (name) => name.startsWith('account_invitation') && name.endsWith('.eml'),
    );
  } catch {
    return [];
  }
};

async function importStatus(base: string, cookie: string, id: string) {
  const response = await fetch(`${base}/api/v1/account_imports/${id}`, { headers: { cookie } });
  return ((await response.json()) as { data: { attributes: { status: string; created_count: number } } }).data
    .attributes;
}

describe(`kill -9 during an account import's invitations (${TEST_DATABASE})`, () => {
  it(
    'sends every invitation exactly once after a restart, each with a working link',
    async () => {
      server = startServer({ port: PORT, databaseUrl, dataDir: folder });
      await server.ready;
      const admin = await signIn(server.base, 'admin@leerpad.test');
      const lines = ['email,full_name'];
      for (let index = 0; index < ACCOUNTS; index += 1)
        lines.push(`fault-${index}@import.test,Person ${index}`);
      const form = new FormData();
      form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'accounts.csv');
      const started = await fetch(`${server.base}/api/v1/account_imports`, {
        method: 'POST',
        headers: { ...XHR, cookie: admin },
        body: form,
      });
      expect(started.status).toBe(202);
      const importId = ((await started.json()) as { data: { id: string } }).data.id;

      // Killed once the mailer has some of the invitations, but not all.
      await eventually(
        () => invitations().length >= Math.min(100, ACCOUNTS / 10),
        60_000,
        'the first invitations',
        10,
      );
      await server.kill('SIGKILL');
      const atKill = invitations().length;

      const restarted = Date.now();
      server = startServer({ port: PORT, databaseUrl, dataDir: folder });
      await server.ready;
      const listening = Date.now() - restarted;
      const again = await signIn(server.base, 'admin@leerpad.test');
      let status = '';
      await eventually(
        async () => (status = (await importStatus(server!.base, again, importId)).status) === 'completed',
        120_000,
        'the import to complete after the restart',
      );
      expect(status).toBe('completed');

      const files = invitations();
      expect(files.length).toBe(ACCOUNTS);
      process.stdout.write(
        `[faults] ${TEST_DATABASE}: kill -9 at ${atKill} of ${ACCOUNTS} invitations; listening again after ` +
          `${listening} ms, import completed ${Date.now() - restarted} ms after the restart; ${files.length} sent\n`,
      );

      const database = openDatabase(databaseUrl, TEST_DATABASE);
      try {
        const accounts = await database.db
          .selectFrom('accounts')
          .select(['id', 'email'])
          .where('email', 'like', 'fault-%@import.test')
          .execute();
        expect(accounts).toHaveLength(ACCOUNTS);
        // One file per account, named by its outbox key, addressed to that account.
        const byAccount = new Map(files.map((name) => [Number(/_(\d+)\.eml$/.exec(name)![1]), name]));
        expect(new Set(accounts.map((account) => account.id))).toEqual(new Set(byAccount.keys()));
        const open = new Set(
          (
            await database.db
              .selectFrom('password_resets')
              .select('token_hash')
              .where('used_at', 'is', null)
              .where(
                'account_id',
                'in',
                accounts.map((account) => account.id),
              )
              .execute()
          ).map((row) => row.token_hash),
        );
        for (const account of accounts) {
          const text = readFileSync(join(mailDir, byAccount.get(account.id)!), 'utf8');
          expect(text).toContain(account.email);
          const token = decodeURIComponent(/token=([^\s]+)/.exec(text)![1]!);
          // The link in the mail that went out is the one that works.
          expect(open.has(hashToken(token))).toBe(true);
        }
        const unsent = await database.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .execute();
        expect(unsent).toEqual([]);
      } finally {
        await database.close();
      }
    },
    Math.max(240_000, ACCOUNTS * 45),
  );
});
