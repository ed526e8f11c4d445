import type { Transaction } from 'kysely';
import type { Database } from '../schema';

type Trx = Transaction<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export interface CoachingSeedIds {
  academy: number;
  coach: number;
  student: number;
}

/** Students of the demo coach (with the demo student: 8 in all, 5 of them mentees). */
const STUDENTS = [
  { name: 'Sanne de Vries', email: 'sanne@leerpad.test', mentee: true, online: 1 },
  { name: 'Daan Bakker', email: 'daan@leerpad.test', mentee: true, online: 21 },
  { name: 'Fatima El Amrani', email: 'fatima@leerpad.test', mentee: true, online: 0 },
  { name: 'Lucas Visser', email: 'lucas@leerpad.test', mentee: true, online: 40 },
  { name: 'Emma Smit', email: 'emma@leerpad.test', mentee: false, online: 2 },
  { name: 'Noah Mulder', email: 'noah@leerpad.test', mentee: false, online: 16 },
  { name: 'Julia Hendriks', email: 'julia@leerpad.test', mentee: false, online: 5 },
] as const;

/**
 * The coach environment's demo (Dutch, on Leerpad Academy): the demo coach's students enrolled in First aid basics
 * (a course the other demo accounts leave alone), and follow-ups overdue and due today.
 */
export async function seedCoaching(trx: Trx, ids: CoachingSeedIds): Promise<void> {
  const course = await trx
    .selectFrom('courses')
    .select('id')
    .where('portal_id', '=', ids.academy)
    .where('title', '=', 'First aid basics')
    .executeTakeFirst();
  const created: number[] = [];
  for (const [index, person] of STUDENTS.entries()) {
    const { id } = await trx
      .insertInto('accounts')
      .values({
        portal_id: ids.academy,
        entity_id: null,
        primary_coach_id: person.mentee ? ids.coach : null,
        full_name: person.name,
        email: person.email,
        password_hash: null,
        locale: 'nl',
        avatar_url: null,
        phone_number: `+31 6 1234 56${String(10 + index)}`,
        last_online: daysAgo(person.online),
        deactivated_at: null,
        created_at: daysAgo(60),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    created.push(id);
    await trx.insertInto('account_roles').values({ account_id: id, role: 'student' }).execute();
    if (!course) continue;
    await trx
      .insertInto('enrollments')
      .values({
        portal_id: ids.academy,
        course_id: course.id,
        account_id: id,
        status: 'active',
        last_learning_object_id: null,
        enrolled_at: daysAgo(30 - index),
        last_activity_at: daysAgo(person.online),
        completed_at: null,
      })
      .execute();
  }
  const now = new Date().toISOString();
  const followUps = [
    {
      student: ids.student,
      kind: 'call',
      note: 'Bespreek de voortgang van de tilcursus.',
      due: daysAgo(2),
      reminded: true,
    },
    {
      student: created[1]!,
      kind: 'meeting',
      note: 'Kennismakingsgesprek over de leerdoelen.',
      due: hoursFromNow(3),
      reminded: false,
    },
    {
      student: created[3]!,
      kind: 'message',
      note: 'Vraag hoe het gaat: al lang niet ingelogd.',
      due: daysAgo(1),
      reminded: true,
    },
  ] as const;
  for (const followUp of followUps) {
    await trx
      .insertInto('follow_ups')
      .values({
        portal_id: ids.academy,
        student_id: followUp.student,
        coach_id: ids.coach,
        kind: followUp.kind,
        note: followUp.note,
        due_at: followUp.due,
        done_at: null,
        outcome: null,
        reminded_at: followUp.reminded ? followUp.due : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await seedApprovals(trx, ids, created);
}

/**
 * Approvals: Vergaderen met resultaat requires approval to enrol; the demo coach holds a mandate
 * for it; Sanne's request waits and Emma's was declined earlier (the queue's history).
 */
async function seedApprovals(trx: Trx, ids: CoachingSeedIds, students: number[]): Promise<void> {
  const course = await trx
    .selectFrom('courses')
    .select('id')
    .where('portal_id', '=', ids.academy)
    .where('title', '=', 'Vergaderen met resultaat')
    .executeTakeFirst();
  if (!course) return;
  await trx.updateTable('courses').set({ requires_approval: 1 }).where('id', '=', course.id).execute();
  const admin = await trx
    .selectFrom('accounts')
    .select('id')
    .where('portal_id', '=', ids.academy)
    .where('email', '=', 'admin@leerpad.test')
    .executeTakeFirst();
  const { id: mandateId } = await trx
    .insertInto('coach_mandates')
    .values({
      portal_id: ids.academy,
      coach_id: ids.coach,
      all_courses: 0,
      granted_by: admin?.id ?? null,
      created_at: daysAgo(20),
      updated_at: daysAgo(20),
      revoked_at: null,
      revoked_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('coach_mandate_courses')
    .values({ mandate_id: mandateId, course_id: course.id })
    .execute();
  const request = {
    portal_id: ids.academy,
    kind: 'enrollment' as const,
    course_id: course.id,
  };
  await trx
    .insertInto('approval_requests')
    .values([
      {
        ...request,
        student_id: students[0]!,
        state: 'pending',
        message: 'Ik leid sinds kort het teamoverleg en wil dat graag beter doen.',
        decision_note: null,
        decided_by: null,
        decided_at: null,
        mandate_id: null,
        created_at: daysAgo(2),
        updated_at: daysAgo(2),
      },
      {
        ...request,
        student_id: students[4]!,
        state: 'rejected',
        message: '',
        decision_note: 'Rond eerst de basiscursus Klantgesprekken af; vraag het daarna opnieuw aan.',
        decided_by: ids.coach,
        decided_at: daysAgo(6),
        mandate_id: mandateId,
        created_at: daysAgo(8),
        updated_at: daysAgo(6),
      },
    ])
    .execute();
}
