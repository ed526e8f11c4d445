import type { Transaction } from 'kysely';
import { addMonths, newCertificateCode } from '../../modules/certifications/service';
import type { Database } from '../schema';
import { ACADEMY_COURSES } from './academy-titles';

type Trx = Transaction<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

export interface CertificationSeedIds {
  academy: number;
  second: number;
  student: number;
  classmate: number;
  admin: number;
}

/**
 * Demo certifications of Leerpad Academy (Dutch texts): "Veilig tillen gecertificeerd" on the sample
 * course, held by the demo student and expired for their classmate, and a first-aid certification
 * whose certificate runs out for the demo student within 30 days (its reminder counts as sent) and
 * that the classmate was assigned, due ten days ago (overdue in the qualifications report; that
 * reminder counts as sent too). The
 * state is complete: the certification sweep finds nothing left to award or remind on a fresh seed.
 */
export async function seedCertifications(trx: Trx, ids: CertificationSeedIds): Promise<void> {
  const courseId = async (title: string) =>
    (
      await trx
        .selectFrom('courses')
        .select('id')
        .where('portal_id', '=', ids.academy)
        .where('title', '=', title)
        .executeTakeFirstOrThrow()
    ).id;
  const lifting = await courseId(ACADEMY_COURSES.sample);
  const firstAid = await courseId(ACADEMY_COURSES.firstAid);
  const now = new Date().toISOString();
  const certification = async (values: {
    name: string;
    description: string;
    translations: Record<string, { name: string; description: string }>;
    courses: number[];
    validity: number | null;
    window: number | null;
  }) => {
    const { id } = await trx
      .insertInto('certifications')
      .values({
        portal_id: ids.academy,
        name: values.name,
        description: values.description,
        translations: JSON.stringify(values.translations),
        validity_months: values.validity,
        recertification_window_days: values.window,
        due_date: null,
        created_at: daysAgo(120),
        updated_at: daysAgo(120),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('certification_courses')
      .values(values.courses.map((course_id) => ({ certification_id: id, course_id })))
      .execute();
    return id;
  };
  const safeLifting = await certification({
    name: 'Veilig tillen gecertificeerd',
    description: 'Je weet hoe je veilig tilt, draagt en duwt op de werkvloer.',
    translations: {
      en: { name: 'Safe lifting certified', description: 'You lift, carry and push safely at work.' },
      ro: {
        name: 'Certificat pentru ridicare în siguranță',
        description: 'Știi să ridici, să cari și să împingi în siguranță la locul de muncă.',
      },
    },
    courses: [lifting],
    validity: 24,
    window: 60,
  });
  const firstAidCertified = await certification({
    name: 'EHBO-bevoegdheid',
    description: 'Je kunt eerste hulp verlenen tot de hulpdiensten er zijn.',
    translations: {
      en: { name: 'First aid qualified', description: 'You can give first aid until help arrives.' },
      ro: {
        name: 'Calificare în prim ajutor',
        description: 'Poți acorda prim ajutor până sosesc salvatorii.',
      },
    },
    courses: [firstAid],
    validity: 12,
    window: 30,
  });
  await trx
    .insertInto('certification_assignments')
    .values({
      portal_id: ids.academy,
      certification_id: safeLifting,
      account_id: null,
      course_id: lifting,
      due_date: dateIn(60),
      created_by: ids.admin,
      created_at: now,
    })
    .execute();
  // The classmate was to hold the first-aid certification ten days ago: overdue in the report.
  const overdue = await trx
    .insertInto('certification_assignments')
    .values({
      portal_id: ids.academy,
      certification_id: firstAidCertified,
      account_id: ids.classmate,
      course_id: null,
      due_date: dateIn(-10),
      created_by: ids.admin,
      created_at: daysAgo(40),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const issue = async (values: {
    certification: number;
    account: number;
    issuedDaysAgo: number;
    months: number;
    status: 'valid' | 'expired';
  }) => {
    const issuedAt = daysAgo(values.issuedDaysAgo);
    const { id } = await trx
      .insertInto('certificates')
      .values({
        portal_id: ids.academy,
        certification_id: values.certification,
        account_id: values.account,
        cycle: 1,
        code: newCertificateCode(),
        status: values.status,
        issued_at: issuedAt,
        expires_at: addMonths(issuedAt, values.months),
        revoked_at: null,
        revoked_by: null,
        revocation_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  await issue({
    certification: safeLifting,
    account: ids.student,
    issuedDaysAgo: 60,
    months: 24,
    status: 'valid',
  });
  // Issued a year less about three weeks ago: it expires within 30 days, inside its window.
  const expiring = await issue({
    certification: firstAidCertified,
    account: ids.student,
    issuedDaysAgo: 365 - 21,
    months: 12,
    status: 'valid',
  });
  await issue({
    certification: safeLifting,
    account: ids.classmate,
    issuedDaysAgo: 800,
    months: 24,
    status: 'expired',
  });
  await trx
    .insertInto('certification_reminders')
    .values([
      { portal_id: ids.academy, kind: 'expiry', subject_id: expiring, account_id: ids.student, sent_at: now },
      {
        portal_id: ids.academy,
        kind: 'overdue',
        subject_id: overdue.id,
        account_id: ids.classmate,
        sent_at: now,
      },
    ])
    .execute();
}

/**
 * Runs after the coaching demo: the demo coach's mentee Daan Bakker, who is working through First
 * aid basics, was to hold the first-aid certification ten days ago, so the coach's qualifications
 * report has an overdue student too (its reminder counts as sent).
 */
export async function seedOverdueMentee(trx: Trx, ids: { academy: number; admin: number }): Promise<void> {
  const mentee = await trx
    .selectFrom('accounts')
    .select('id')
    .where('portal_id', '=', ids.academy)
    .where('email', '=', 'daan@leerpad.test')
    .executeTakeFirst();
  const firstAid = await trx
    .selectFrom('certifications')
    .select('id')
    .where('portal_id', '=', ids.academy)
    .where('name', '=', 'EHBO-bevoegdheid')
    .executeTakeFirst();
  if (!mentee || !firstAid) return;
  const assignment = await trx
    .insertInto('certification_assignments')
    .values({
      portal_id: ids.academy,
      certification_id: firstAid.id,
      account_id: mentee.id,
      course_id: null,
      due_date: dateIn(-10),
      created_by: ids.admin,
      created_at: daysAgo(40),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('certification_reminders')
    .values({
      portal_id: ids.academy,
      kind: 'overdue',
      subject_id: assignment.id,
      account_id: mentee.id,
      sent_at: new Date().toISOString(),
    })
    .execute();
}
