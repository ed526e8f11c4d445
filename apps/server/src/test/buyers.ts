import { createSession } from '../http/session';
import { insertAccount } from './accounts';
import type { TestApp } from './test-app';

/**
 * Students of the academy made for a test, each with a session cookie of its own (no sign-in, so
 * dozens cost no password hashing). `prefix` keeps the e-mail addresses of one test apart.
 */
export async function makeBuyers(
  t: TestApp,
  prefix: string,
  count: number,
): Promise<Array<{ id: number; cookie: string }>> {
  const db = t.services.db;
  const academy = await db
    .selectFrom('portal_domains')
    .select('portal_id')
    .where('domain', '=', 'localhost')
    .executeTakeFirstOrThrow();
  const buyers: Array<{ id: number; cookie: string }> = [];
  for (let index = 1; index <= count; index += 1) {
    const id = await insertAccount(db, {
      portalId: academy.portal_id,
      fullName: `Buyer ${prefix} ${index}`,
      email: `${prefix}-${index}@leerpad.test`,
      role: 'student',
    });
    buyers.push({ id, cookie: `leerpad_session=${await createSession(db, id, 1)}` });
  }
  return buyers;
}
