import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane (the library's defaults).
export const hashPassword = (password: string) => hash(password);

// Checked against when no account matches, so an unknown e-mail costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Seconds each sign-in's password check took, until /metrics takes them (capped while nobody does). */
const checkSeconds: number[] = [];
const CHECK_SAMPLES_KEPT = 10_000;

/** The password check times since the last call, for the metrics histogram. */
export const takePasswordCheckSeconds = (): number[] => checkSeconds.splice(0);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password for timing');
  const target = passwordHash ?? (await decoyHash);
  const started = performance.now();
  try {
    const matches = await verify(target, password);
    return matches && passwordHash !== null;
  } catch {
    return false;
  } finally {
    if (checkSeconds.length < CHECK_SAMPLES_KEPT) checkSeconds.push((performance.now() - started) / 1000);
  }
}
