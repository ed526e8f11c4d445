/**
 * The real server as a child process (`tsx src/main.ts`), as an operator runs it: the fault tests
 * start it, break what it depends on, kill it with SIGKILL, and start it again.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
// node itself runs the server (tsx only as its loader), so that a signal reaches the server process.
const TSX_LOADER = new URL('../../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
export const METRICS_TOKEN = 'fault-suite-metrics-token';

export interface ServerProcess {
  readonly base: string;
  readonly output: string[];
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
  /** Resolves when the server listens; rejects when it ends first. */
  readonly ready: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX_LOADER, 'src/main.ts', '--demo'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      LEERPAD_DATA_DIR: options.dataDir,
      LEERPAD_METRICS_TOKEN: METRICS_TOKEN,
      LEERPAD_LOG_LEVEL: 'warn',
      LEERPAD_PUBLIC_URL: `http://localhost:${options.port}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  // Kept beside the data too, to read after a failed run.
  mkdirSync(options.dataDir, { recursive: true });
  const logFile = join(options.dataDir, 'server.log');
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => undefined);
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      output.push(line);
      appendFileSync(logFile, `${line}\n`);
      if (line.includes('Leerpad is running')) resolveReady();
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      rejectReady(
        new Error(`The server ended (${code ?? signal}) before it listened:\n${output.join('\n')}`),
      );
      resolve(code);
    }),
  );
  return {
    base: `http://127.0.0.1:${options.port}`,
    output,
    exited,
    ready,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** Signs in (demo password) and answers the session cookie. */
export async function signIn(base: string, email: string, password = 'leerpad-demo'): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in of ${email}: ${response.status} ${await response.text()}`);
  return (response.headers.getSetCookie() ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
}

/** How long `work` took, in ms, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
}

/** Waits until `condition` holds (checked every `everyMs`); fails after `timeoutMs` saying what for. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  everyMs = 200,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      if (await condition()) return;
    } catch {
      // Not yet (a server restarting refuses connections).
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
