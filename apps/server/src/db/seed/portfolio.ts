import type { Transaction } from 'kysely';
import { hashToken } from '../../http/session';
import type { Database } from '../schema';

type Trx = Transaction<Database>;

/**
 * The token of the demo's pending feedback request. Like the demo password it is public: the start-up
 * banner prints its /rate link, so the guest feedback page can be tried without reading e-mail.
 */
export const DEMO_FEEDBACK_TOKEN = 'demo-feedback-link';
export const DEMO_PROFILE_HANDLE = 'sam-student';

const DAY = 86_400_000;

/** A public profile for the demo student with three public items, and one pending feedback request. */
export async function seedPortfolio(trx: Trx, ids: { academy: number; student: number }): Promise<void> {
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  await trx
    .updateTable('profiles')
    .set({
      handle: DEMO_PROFILE_HANDLE,
      is_public: 1,
      indexable: 0,
      biography: 'Ik leid het magazijnteam en leer veilig tillen en werken met de heftruck.',
    })
    .where('account_id', '=', ids.student)
    .execute();
  const items = await trx
    .insertInto('portfolio_items')
    .values([
      {
        portal_id: ids.academy,
        account_id: ids.student,
        kind: 'reflection',
        title: 'Wat ik leerde over tillen',
        body: '<p>Ik til nu altijd vanuit de <strong>knieën</strong> en houd de last dicht bij mijn lichaam.</p>',
        url: null,
        course_id: null,
        certificate_id: null,
        visibility: 'public',
        competencies: JSON.stringify(['Veilig tillen']),
        created_at: at(12),
        updated_at: at(12),
      },
      {
        portal_id: ids.academy,
        account_id: ids.student,
        kind: 'link',
        title: 'Onze nieuwe tilinstructie op de werkvloer',
        body: '<p>De instructiekaart die ik voor mijn team maakte.</p>',
        url: 'https://example.org/tilinstructie',
        course_id: null,
        certificate_id: null,
        visibility: 'public',
        competencies: JSON.stringify(['Veilig tillen', 'Leidinggeven']),
        created_at: at(8),
        updated_at: at(8),
      },
      {
        portal_id: ids.academy,
        account_id: ids.student,
        kind: 'reflection',
        title: 'Terugblik op mijn eerste maand als teamleider',
        body: '<p>Ik plan de zware klussen nu met twee personen in.</p>',
        url: null,
        course_id: null,
        certificate_id: null,
        visibility: 'public',
        competencies: JSON.stringify(['Leidinggeven']),
        created_at: at(3),
        updated_at: at(3),
      },
    ])
    .returning('id')
    .execute();
  await trx
    .insertInto('feedback_requests')
    .values({
      portal_id: ids.academy,
      item_id: items[0]!.id,
      account_id: ids.student,
      email: 'praktijkopleider@example.org',
      name: 'Wim de Praktijkopleider',
      message: 'Wil je mijn tiltechniek beoordelen?',
      token_hash: hashToken(DEMO_FEEDBACK_TOKEN),
      criteria: JSON.stringify([
        'Kwaliteit van het werk',
        'Toepassen van het geleerde',
        'Professionele houding',
      ]),
      scores: null,
      comment: null,
      expires_at: new Date(now + 14 * DAY).toISOString(),
      rated_at: null,
      created_at: at(1),
    })
    .execute();
}
