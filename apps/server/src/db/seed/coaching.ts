import type { Transaction } from 'kysely';
import { weekKey } from '../../modules/course-content/answer-weeks';
import type { Database } from '../schema';
import { ACADEMY_COURSES } from './academy-titles';

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
 * The coach environment's demo (Dutch, on Leerpad Academy): the demo coach's students enrolled in the first-aid course
 * (a course the other demo accounts leave alone), and follow-ups overdue and due today.
 */
export async function seedCoaching(trx: Trx, ids: CoachingSeedIds): Promise<void> {
  const course = await trx
    .selectFrom('courses')
    .select('id')
    .where('portal_id', '=', ids.academy)
    .where('title', '=', ACADEMY_COURSES.firstAid)
    .executeTakeFirst();
  const created: number[] = [];
  const enrollments: number[] = [];
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
    const enrollment = await trx
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
      .returning('id')
      .executeTakeFirstOrThrow();
    enrollments.push(enrollment.id);
  }
  if (course) await seedWaitingAnswers(trx, ids.academy, course.id, created, enrollments);
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

/** Who handed in the demo assignment and how many days ago (with a few hours, so "0 days" is today). */
const WAITING = [
  { student: 0, days: 0, text: 'Ik leg de verbanddoos bij de receptie en controleer hem elke maand.' },
  {
    student: 2,
    days: 2,
    text: 'Op onze afdeling hangt de AED bij de lift; ik oefen de route met mijn team.',
  },
  { student: 4, days: 5, text: 'Bij een brandwond koel ik eerst twintig minuten met lauw water.' },
  { student: 6, days: 9, text: 'Ik bel 112, blijf bij het slachtoffer en stuur een collega naar de ingang.' },
] as const;

/**
 * Answers waiting for review of different ages (0, 2, 5 and 9 days), so the coach dashboard's
 * "oldest first, with age" list means something: an optional assignment at the end of First aid
 * basics (optional, so nobody's progress or completion changes), handed in by four of the demo
 * coach's students (mentees and students without a primary coach).
 */
async function seedWaitingAnswers(
  trx: Trx,
  academy: number,
  courseId: number,
  students: number[],
  enrollments: number[],
): Promise<void> {
  const section = await trx
    .selectFrom('course_sections')
    .select('id')
    .where('course_id', '=', courseId)
    .orderBy('position', 'desc')
    .executeTakeFirst();
  if (!section) return;
  const last = await trx
    .selectFrom('learning_objects')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('section_id', '=', section.id)
    .executeTakeFirst();
  const created = daysAgo(40);
  const { id: assignment } = await trx
    .insertInto('learning_objects')
    .values({
      portal_id: academy,
      course_id: courseId,
      section_id: section.id,
      type: 'assignment',
      title: 'Jouw EHBO-plan voor de werkplek',
      position: Number(last?.position ?? 0) + 1,
      required: 0,
      estimated_minutes: 15,
      body: '<p>Beschrijf waar de verbanddoos en de AED op jouw werkplek zijn en wat je doet bij een ongeval. Je coach bekijkt je plan.</p>',
      settings: JSON.stringify({ answer_type: 'text' }),
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const waiting of WAITING) {
    const accountId = students[waiting.student];
    const enrollmentId = enrollments[waiting.student];
    if (accountId === undefined || enrollmentId === undefined) continue;
    const submitted = new Date(Date.now() - waiting.days * DAY_MS - 2 * 3_600_000).toISOString();
    const { id: answerId } = await trx
      .insertInto('answers')
      .values({
        portal_id: academy,
        course_id: courseId,
        learning_object_id: assignment,
        account_id: accountId,
        status: 'submitted',
        text: `<p>${waiting.text}</p>`,
        file_id: null,
        grade: null,
        feedback: null,
        reviewer_id: null,
        submitted_at: submitted,
        reviewed_at: null,
        created_at: submitted,
        updated_at: submitted,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('answer_members')
      .values({
        portal_id: academy,
        answer_id: answerId,
        account_id: accountId,
        learning_object_id: assignment,
      })
      .execute();
    await trx
      .insertInto('learning_object_progress')
      .values({
        portal_id: academy,
        enrollment_id: enrollmentId,
        learning_object_id: assignment,
        status: 'in_progress',
        last_position: null,
        score: null,
        attempts_count: 0,
        completed_at: null,
        updated_at: submitted,
      })
      .execute();
    // One hand-in per student: their week's count (modules/course-content/answer-weeks.ts).
    await trx
      .insertInto('answer_weeks')
      .values({
        portal_id: academy,
        account_id: accountId,
        week: weekKey(submitted),
        submissions: 1,
        reviews: 0,
      })
      .execute();
  }
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
    .where('title', '=', ACADEMY_COURSES.meetings)
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
        decision_note: 'Rond eerst de cursus Klantgesprekken af; vraag het daarna opnieuw aan.',
        decided_by: ids.coach,
        decided_at: daysAgo(6),
        mandate_id: mandateId,
        created_at: daysAgo(8),
        updated_at: daysAgo(6),
      },
    ])
    .execute();
}
