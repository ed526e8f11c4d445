import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { ACADEMY_OBJECTS } from './academy-titles';

type Trx = Transaction<Database>;

export interface TicketSeedIds {
  academy: number;
  second: number;
  student: number;
  coach: number;
  classmate: number;
  secondStudent: number;
}

interface TicketSeed {
  subject: string;
  state: 'open' | 'answered' | 'closed';
  objectTitle: string | null;
  /** The thread: who wrote (student or coach), what, and how many hours ago. */
  thread: Array<['student' | 'coach', string, number]>;
}

/** Tickets of the demo coach's student, in Dutch, as the Leerpad Academy portal speaks Dutch. */
const ACADEMY_TICKETS: TicketSeed[] = [
  {
    subject: 'Hoe zwaar mag ik alleen tillen?',
    state: 'open',
    objectTitle: ACADEMY_OBJECTS.video,
    thread: [
      [
        'student',
        'In de video wordt 23 kilo genoemd. Geldt dat ook als ik de doos boven schouderhoogte moet tillen?',
        5,
      ],
    ],
  },
  {
    subject: 'Vraag over de tilchecklist',
    state: 'answered',
    objectTitle: ACADEMY_OBJECTS.file,
    thread: [
      [
        'student',
        'Moet ik de checklist bij elke til opnieuw invullen, of alleen aan het begin van de dienst?',
        50,
      ],
      [
        'coach',
        'Aan het begin van de dienst is genoeg, tenzij de last of de plek verandert. Dan loop je hem opnieuw door.',
        30,
      ],
    ],
  },
  {
    subject: 'Toets opnieuw maken',
    state: 'closed',
    objectTitle: ACADEMY_OBJECTS.quiz,
    thread: [
      ['student', 'Ik had 6 van de 10 goed. Kan ik de toets nog een keer maken?', 200],
      [
        'coach',
        'Ja, je kunt hem zo vaak maken als je wilt. Lees eerst de uitleg bij vraag 3 en 7 nog eens.',
        180,
      ],
      ['student', 'Gelukt, nu 9 van de 10. Bedankt!', 170],
    ],
  },
];

async function insertTicket(
  trx: Trx,
  portalId: number,
  studentId: number,
  coachId: number | null,
  seed: TicketSeed,
): Promise<void> {
  const object = seed.objectTitle
    ? await trx
        .selectFrom('learning_objects')
        .select(['id', 'course_id'])
        .where('portal_id', '=', portalId)
        .where('title', '=', seed.objectTitle)
        .executeTakeFirst()
    : undefined;
  const at = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const first = at(seed.thread[0]![2]);
  const last = at(seed.thread[seed.thread.length - 1]![2]);
  const { id } = await trx
    .insertInto('tickets')
    .values({
      portal_id: portalId,
      student_id: studentId,
      coach_id: coachId,
      course_id: object?.course_id ?? null,
      learning_object_id: object?.id ?? null,
      subject: seed.subject,
      state: seed.state,
      created_at: first,
      updated_at: last,
      closed_at: seed.state === 'closed' ? last : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ticket_messages')
    .values(
      seed.thread.map(([side, body, hours]) => ({
        portal_id: portalId,
        ticket_id: id,
        author_id: side === 'student' ? studentId : coachId,
        body,
        created_at: at(hours),
      })),
    )
    .execute();
}

export async function seedTickets(trx: Trx, ids: TicketSeedIds): Promise<void> {
  // The demo student's tickets come first: the API's route sweep uses the first ticket of the portal.
  for (const ticket of ACADEMY_TICKETS) await insertTicket(trx, ids.academy, ids.student, ids.coach, ticket);
  await insertTicket(trx, ids.academy, ids.classmate, null, {
    subject: 'Waar vind ik mijn certificaat?',
    state: 'open',
    objectTitle: null,
    thread: [
      ['student', 'Ik heb de cursus afgerond, maar ik zie mijn certificaat nergens. Waar staat het?', 20],
    ],
  });
  await insertTicket(trx, ids.second, ids.secondStudent, null, {
    subject: 'Question about the first module',
    state: 'open',
    objectTitle: null,
    thread: [['student', 'Is there a transcript of the introduction video?', 8]],
  });
}
