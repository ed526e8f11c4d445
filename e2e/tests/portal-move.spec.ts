/**
 * Moving a portal to a new installation (decision 059): the academy's export, loaded with the
 * command line (`npm run portal -- import`) into a fresh, empty database without demo data, and a
 * second server started on it. The new installation shows the same courses, the same accounts (who
 * sign in with their own passwords) and the same files, byte for byte. The second server and its
 * files are removed at the end.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, XHR, expect, signIn, test, freePort } from './fixtures';

const SERVER_DIST = fileURLToPath(new URL('../../apps/server/dist', import.meta.url));

/** A port nobody listens on now. */

async function waitUntilUp(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The second server stopped:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/ping`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The second server did not start within a minute:\n${output()}`);
}

/** What a person compares between the two installations, without ids. */
async function pictureOf(api: APIRequestContext) {
  const courses = await api.get('/api/v1/courses?page[size]=100&sort=title', { headers: XHR });
  expect(courses.status()).toBe(200);
  const accounts = await api.get('/api/v1/accounts?page[size]=100&sort=full_name', { headers: XHR });
  expect(accounts.status()).toBe(200);
  const courseBody = (await courses.json()) as {
    data: Array<{ attributes: { title: string } }>;
    meta: { total: number };
  };
  const accountBody = (await accounts.json()) as {
    data: Array<{ attributes: { email_address: string | null; roles: string[] } }>;
    meta: { total: number };
  };
  return {
    courses: courseBody.meta.total,
    courseTitles: courseBody.data.map((course) => course.attributes.title).sort(),
    accounts: accountBody.meta.total,
    emails: accountBody.data
      .map((account) => `${account.attributes.email_address} ${account.attributes.roles.join(',')}`)
      .sort(),
  };
}

/** The first stored file of the portal: its name and bytes. */
async function firstFile(api: APIRequestContext) {
  const meta = await api.get('/api/v1/files/1', { headers: XHR });
  expect(meta.status()).toBe(200);
  const content = await api.get('/api/v1/files/1/content', { headers: XHR });
  expect(content.status()).toBe(200);
  return {
    name: ((await meta.json()) as { data: { attributes: { name: string } } }).data.attributes.name,
    bytes: await content.body(),
  };
}

test('the exported academy, imported into a fresh installation, has the same courses, accounts and files', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const folder = mkdtempSync(join(tmpdir(), 'leerpad-portal-move-'));
  let server: ChildProcess | undefined;
  let fresh: APIRequestContext | undefined;
  try {
    // The academy's admin exports it on the running installation and downloads the zip.
    await signIn(page, 'admin');
    const current = (await (await page.request.get('/api/v1/portals/current')).json()) as {
      data: { id: string };
    };
    const started = await page.request.post(`/api/v1/portals/${current.data.id}/exports`, { headers: XHR });
    expect(started.status()).toBe(202);
    const exportId = ((await started.json()) as { data: { id: string } }).data.id;
    let fileUrl: string | null = null;
    await expect
      .poll(
        async () => {
          const polled = (await (
            await page.request.get(`/api/v1/portals/${current.data.id}/exports/${exportId}`)
          ).json()) as { data: { attributes: { status: string; file_url: string | null } } };
          fileUrl = polled.data.attributes.file_url;
          return polled.data.attributes.status;
        },
        { timeout: 60_000 },
      )
      .toBe('completed');
    const zip = join(folder, 'academy.zip');
    writeFileSync(zip, await (await page.request.get(fileUrl!)).body());
    const before = await pictureOf(page.request);
    expect(before.courseTitles).toContain('Veilig tillen op het werk');
    expect(before.emails).toContain(`${ACCOUNTS.student} student`);
    const file = await firstFile(page.request);
    expect(file.bytes.length).toBeGreaterThan(0);

    // The command line loads it into an empty database with a data folder of its own.
    const environment = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(folder, 'fresh.sqlite')}`,
      LEERPAD_DATA_DIR: join(folder, 'data'),
      LEERPAD_STORAGE_URL: '',
    };
    const imported = await promisify(execFile)(
      process.execPath,
      [join(SERVER_DIST, 'portal-transfer.js'), 'import', zip],
      { env: environment },
    );
    expect(imported.stdout).toContain('Leerpad Academy');

    // A second server on that database, without demo data.
    const port = await freePort();
    let output = '';
    server = spawn(process.execPath, [join(SERVER_DIST, 'main.js')], {
      env: { ...environment, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://localhost:${port}`;
    await waitUntilUp(url, server, () => output);
    expect(output).not.toContain('Created portal');

    // The admin signs in there with the same password and finds the same academy.
    fresh = await apiRequest.newContext({ baseURL: url });
    const login = await fresh.post('/api/auth/login', {
      headers: XHR,
      data: { email: ACCOUNTS.admin, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    expect(await pictureOf(fresh)).toEqual(before);
    const moved = await firstFile(fresh);
    expect(moved.name).toBe(file.name);
    expect(moved.bytes.equals(file.bytes)).toBe(true);

    // A student too, with their own password.
    const student = await apiRequest.newContext({ baseURL: url });
    expect(
      (
        await student.post('/api/auth/login', {
          headers: XHR,
          data: { email: ACCOUNTS.student, password: PASSWORD },
        })
      ).status(),
    ).toBe(200);
    await student.dispose();
  } finally {
    await fresh?.dispose();
    if (server && server.exitCode === null) {
      const stopped = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([stopped, new Promise((done) => setTimeout(done, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(folder, { recursive: true, force: true });
  }
});
