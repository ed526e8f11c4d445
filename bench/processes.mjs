// Starting the processes a benchmark measures: the built API server, or any script that prints
// "is running at" once it listens. Each gets 60 s to come up.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const serverEntry = join(root, 'apps/server/dist/main.js');

export async function startProcess(script, args, env, port, nodeArgs = []) {
  const child = spawn('node', [...nodeArgs, script, ...args], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LEERPAD_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000);
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      if (seen.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}`));
    });
  });
  return child;
}

/** The API server on the demo data, with the given environment (DATABASE_URL, LEERPAD_DATA_DIR…). */
export const startServer = (env, port, nodeArgs = []) =>
  startProcess(serverEntry, ['--demo'], env, port, nodeArgs);

export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
