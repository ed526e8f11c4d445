import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * An account's codes are of two kinds: a promotion the account may redeem itself, and a referral code
 * it hands on to others (a colleague who signs up with it gets the discount). Existing codes are
 * promotions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('subscription_promotions')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('promotion')
        .check(sql`kind in ('promotion', 'referral')`),
    )
    .execute();
}
