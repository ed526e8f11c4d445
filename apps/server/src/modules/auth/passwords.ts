import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane (the library's defaults).
export const hashPassword = (password: string) => hash(password);

// Checked against when no account matches, so an unknown e-mail costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password for timing');
  const target = passwordHash ?? (await decoyHash);
  try {
    const matches = await verify(target, password);
    return matches && passwordHash !== null;
  } catch {
    return false;
  }
}
