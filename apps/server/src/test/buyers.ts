import { createSession } from '../http/session';
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
    const { id } = await db
      .insertInto('accounts')
      .values({
        portal_id: academy.portal_id,
        entity_id: null,
        primary_coach_id: null,
        full_name: `Buyer ${prefix} ${index}`,
        email: `${prefix}-${index}@leerpad.test`,
        password_hash: null,
        locale: null,
        avatar_url: null,
        phone_number: null,
        last_online: null,
        deactivated_at: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('account_roles').values({ account_id: id, role: 'student' }).execute();
    buyers.push({ id, cookie: `leerpad_session=${await createSession(db, id, 1)}` });
  }
  return buyers;
}
