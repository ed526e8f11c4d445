import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

const TERMS = {
  nl: {
    title: 'Gebruiksvoorwaarden Leerpad Academy',
    body: '<p>Door Leerpad te gebruiken ga je akkoord met deze voorwaarden. We gebruiken je gegevens alleen om je opleiding te begeleiden en delen ze niet met derden.</p><ul><li>Je account is persoonlijk.</li><li>Ingeleverd werk is je eigen werk.</li></ul>',
  },
  en: {
    title: 'Terms of use',
    body: '<p>By using Leerpad you agree to these terms. We use your data only to support your learning and never share it with third parties.</p><ul><li>Your account is personal.</li><li>Work you hand in is your own.</li></ul>',
  },
} as const;

/**
 * A current version of the terms on both portals (Dutch and English on Leerpad Academy, English on
 * the second portal), already accepted by every demo account so demo sign-ins are not held up.
 */
export async function seedAgreements(
  db: Kysely<Database> | Transaction<Database>,
  ids: { academy: number; second: number; admin: number },
): Promise<void> {
  const publishedAt = new Date(Date.now() - 30 * 24 * 60 * 60_000).toISOString();
  for (const [portal, languages] of [
    [ids.academy, ['nl', 'en']],
    [ids.second, ['en']],
  ] as const) {
    let first: number | null = null;
    for (const language of languages) {
      const row = await db
        .insertInto('agreements')
        .values({
          portal_id: portal,
          version: 1,
          language,
          ...TERMS[language],
          author_id: portal === ids.academy ? ids.admin : null,
          published_at: publishedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      first ??= row.id;
    }
    const accounts = await db.selectFrom('accounts').select('id').where('portal_id', '=', portal).execute();
    if (accounts.length === 0) continue;
    await db
      .insertInto('agreement_acceptances')
      .values(
        accounts.map((account) => ({
          portal_id: portal,
          agreement_id: first!,
          version: 1,
          account_id: account.id,
          accepted_at: publishedAt,
          ip: null,
        })),
      )
      .execute();
  }
}
