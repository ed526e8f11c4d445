import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Dutch learners of Leerpad Academy, so the accounts administration has a real list to work with. */
const LEARNERS = [
  'Anouk de Boer',
  'Bram Visser',
  'Chantal Smit',
  'Daan Mulder',
  'Eva de Graaf',
  'Femke Bos',
  'Gijs Vos',
  'Hanna Peters',
  'Iris Hendriks',
  'Jesse van Leeuwen',
  'Kim Dekker',
  'Lars Brouwer',
  'Maud de Wit',
  'Niels Dijkstra',
  'Olaf Smits',
  'Pien de Lange',
  'Quinten Kok',
  'Roos Jacobs',
  'Sem Vermeulen',
  'Tessa van den Berg',
  'Ubbo Willems',
  'Vera van Dijk',
  'Wout Hoekstra',
  'Xander Koster',
  'Yara Prins',
  'Zoë Huisman',
  'Thijs Verhoeven',
  'Lotte Maas',
  'Ruben Kuipers',
];

/** With the named demo logins, 40 demo accounts in all: learners without a password (invited by staff). */
export async function seedAccounts(db: Kysely<Database>, academy: number): Promise<void> {
  const created = new Date(Date.now() - 60 * 86_400_000);
  for (const [index, name] of LEARNERS.entries()) {
    const email = `${name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z ]/g, '')
      .replace(/ +/g, '.')}@leerpad.test`;
    const { id } = await db
      .insertInto('accounts')
      .values({
        portal_id: academy,
        entity_id: null,
        primary_coach_id: null,
        full_name: name,
        email,
        password_hash: null,
        locale: 'nl',
        avatar_url: null,
        phone_number: null,
        last_online: index % 3 === 0 ? null : new Date(Date.now() - index * 86_400_000).toISOString(),
        created_at: new Date(created.getTime() + index * 86_400_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('account_roles').values({ account_id: id, role: 'student' }).execute();
  }
}
