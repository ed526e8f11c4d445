import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

/** Mailing list settings of both portals, and the demo student's own yes on Leerpad Academy. */
export async function seedMarketing(
  db: Kysely<Database> | Transaction<Database>,
  ids: { academy: number; second: number; student: number },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('mailing_list_settings')
    .values([
      {
        portal_id: ids.academy,
        opt_in_text:
          'Ja, stuur mij de nieuwsbrief met nieuwe cursussen en tips (ongeveer één keer per maand).',
        default_consent: 0,
        updated_at: now,
      },
      {
        portal_id: ids.second,
        opt_in_text: 'Yes, send me the monthly newsletter about new courses.',
        default_consent: 0,
        updated_at: now,
      },
    ])
    .execute();
  await db
    .insertInto('mailing_list_consents')
    .values({ account_id: ids.student, portal_id: ids.academy, consented: 1, updated_at: now })
    .execute();
}
