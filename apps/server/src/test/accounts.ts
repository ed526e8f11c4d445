import type { Executor } from '../db/schema';

/** An account made directly in the database for a test, with one role (and no password unless given). */
export async function insertAccount(
  db: Executor,
  account: {
    portalId: number;
    fullName: string;
    email: string;
    role: string;
    primaryCoachId?: number | null;
    passwordHash?: string | null;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('accounts')
    .values({
      portal_id: account.portalId,
      entity_id: null,
      primary_coach_id: account.primaryCoachId ?? null,
      full_name: account.fullName,
      email: account.email,
      password_hash: account.passwordHash ?? null,
      locale: null,
      avatar_url: null,
      phone_number: null,
      last_online: null,
      deactivated_at: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('account_roles').values({ account_id: id, role: account.role }).execute();
  return id;
}
