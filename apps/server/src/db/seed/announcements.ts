import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * Demo announcements: on Leerpad Academy (Dutch) one for coaches and one for students, on the
 * second portal (English) one for students. All started a day ago and their audience was told then.
 */
export async function seedAnnouncements(
  db: Kysely<Database> | Transaction<Database>,
  ids: { academy: number; second: number; admin: number },
): Promise<void> {
  const now = new Date();
  const started = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  const ends = new Date(now.getTime() + 60 * 24 * 60 * 60_000).toISOString();
  const base = {
    author_id: ids.admin,
    course_ids: '[]',
    starts_at: started,
    ends_at: ends,
    notified_at: started,
    created_at: started,
    updated_at: started,
  };
  await db
    .insertInto('announcements')
    .values([
      {
        ...base,
        portal_id: ids.academy,
        title: 'Nieuwe coachrichtlijnen voor feedback',
        body: '<p>Vanaf deze maand geven we feedback op ingeleverde opdrachten binnen <strong>vijf werkdagen</strong>. Lees de bijgewerkte richtlijnen in het coachhandboek.</p>',
        language: 'nl',
        audience: 'coaches',
      },
      {
        ...base,
        portal_id: ids.academy,
        title: 'Nieuwe cursussen in het najaar',
        body: '<p>Dit najaar starten drie nieuwe cursussen over veilig werken. Schrijf je op tijd in via de catalogus.</p>',
        language: 'nl',
        audience: 'students',
      },
      {
        ...base,
        portal_id: ids.second,
        title: 'Welcome to the new term',
        body: '<p>The new term has started. Check the catalogue for the courses that are open for enrolment.</p>',
        language: 'en',
        audience: 'students',
      },
    ])
    .execute();
}
