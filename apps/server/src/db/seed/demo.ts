import {
  FEATURES,
  renderMessage,
  ROLES,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '@leerpad/core';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../modules/auth/passwords';
import { toFlag } from '../dialect';
import type { Database } from '../schema';
import type { FileStorage } from '../../storage/file-storage';
import { seedAgreements } from './agreements';
import { seedAnnouncements } from './announcements';
import { seedAccounts } from './accounts';
import { seedCommerce } from './commerce';
import { seedMarketing } from './marketing';
import { seedCoaching } from './coaching';
import { seedTickets } from './tickets';
import { seedPortfolio } from './portfolio';
import { seedCertifications, seedOverdueMentee } from './certifications';
import { seedLearning, seedRomanianCatalog } from './learning';
import { seedSettings } from './settings';
import { refreshProgress } from '../../modules/enrollments/service';
import { ACADEMY_COURSES } from './academy-titles';

export const DEMO_PASSWORD = 'leerpad-demo';

export interface DemoAccount {
  email: string;
  role: string;
  portal: string;
}

const ALL_FEATURES = Object.values(FEATURES);
const SECOND_PORTAL_DISABLED = new Set<string>([
  FEATURES.portfolioFeature,
  FEATURES.accountSupport,
  FEATURES.catalogCategories,
  FEATURES.followUps,
]);

/** The courses a portal's demo notifications name, so each portal's notifications name its own courses. */
interface NotificationTitles {
  reviewed: string;
  added: string;
  reminder: string;
  certificate: string;
}

const notificationTemplates = (
  titles: NotificationTitles,
): Array<{ key: MessageKey; params: MessageParams; link: string | null }> => [
  { key: 'coach_reviewed_answer', params: { title: titles.reviewed }, link: '/courses' },
  { key: 'catalog_course_added', params: { title: titles.added }, link: '/catalog' },
  { key: 'module_reminder', params: { title: titles.reminder }, link: '/courses' },
  { key: 'coach_replied', params: {}, link: '/notifications' },
  {
    key: 'certificate_ready',
    params: { title: titles.certificate },
    link: 'http://localhost:3000/portfolio?tab=certificates',
  },
  { key: 'announcement_published', params: {}, link: '/' },
  { key: 'reported_issue_resolved', params: {}, link: '/courses' },
  { key: 'course_settings_changed', params: {}, link: '/admin/courses' },
];

const ACADEMY_NOTIFICATIONS = {
  locale: 'nl',
  titles: {
    reviewed: ACADEMY_COURSES.sample,
    added: ACADEMY_COURSES.customerConversations,
    reminder: ACADEMY_COURSES.firstAid,
    certificate: ACADEMY_COURSES.workplaceSafety,
  },
} as const;
const SECOND_NOTIFICATIONS = {
  locale: 'en',
  titles: {
    reviewed: 'Getting started',
    added: 'Data protection basics',
    reminder: 'Getting started',
    certificate: 'Data protection basics',
  },
} as const;
const THIRD_NOTIFICATIONS = {
  locale: 'ro',
  titles: {
    reviewed: 'Primii pași',
    added: 'Siguranța la locul de muncă',
    reminder: 'Primii pași',
    certificate: 'Siguranța la locul de muncă',
  },
} as const;

async function createPortal(
  db: Kysely<Database>,
  portal: {
    name: string;
    baseUrl: string;
    domains: string[];
    languages: string[];
    primaryColor: string;
    secondaryColor: string;
    businessModels: string[];
    disabledFeatures: Set<string>;
    knowledgeBaseUrl: string | null;
    overrides?: Record<string, string>;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('portals')
    .values({
      name: portal.name,
      base_url: portal.baseUrl,
      knowledge_base_url: portal.knowledgeBaseUrl,
      zendesk_chat_id: null,
      primary_color: portal.primaryColor,
      secondary_color: portal.secondaryColor,
      logo_url: null,
      favicon_url: null,
      business_models: portal.businessModels.join(','),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('portal_domains')
    .values(portal.domains.map((domain) => ({ portal_id: id, domain })))
    .execute();
  await db
    .insertInto('portal_languages')
    .values(
      portal.languages.map((locale, index) => ({
        portal_id: id,
        locale,
        is_primary: toFlag(index === 0),
        overrides: JSON.stringify(portal.overrides && index === 0 ? portal.overrides : {}),
      })),
    )
    .execute();
  await db
    .insertInto('portal_parameters')
    .values({ portal_id: id, type: 'default_language', data: portal.languages[0] ?? 'nl' })
    .execute();
  await db
    .insertInto('portal_features')
    .values(
      ALL_FEATURES.map((name) => ({
        portal_id: id,
        name,
        enabled: toFlag(!portal.disabledFeatures.has(name)),
      })),
    )
    .execute();
  // The demo shows its own learning in its LRS (decision 069); a new portal starts without.
  await db
    .insertInto('xapi_settings')
    .values({ portal_id: id, self_statements: 1, updated_at: now })
    .execute();
  return id;
}

async function createAccount(
  db: Kysely<Database>,
  account: {
    portalId: number;
    fullName: string;
    email: string;
    roles: string[];
    passwordHash: string;
    entityId?: number | null;
    primaryCoachId?: number | null;
    phone?: string | null;
    locale?: string | null;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('accounts')
    .values({
      portal_id: account.portalId,
      entity_id: account.entityId ?? null,
      primary_coach_id: account.primaryCoachId ?? null,
      full_name: account.fullName,
      email: account.email,
      password_hash: account.passwordHash,
      locale: account.locale ?? null,
      avatar_url: null,
      phone_number: account.phone ?? null,
      last_online: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('account_roles')
    .values(account.roles.map((role) => ({ account_id: id, role })))
    .execute();
  return id;
}

async function seedNotifications(
  db: Kysely<Database>,
  portalId: number,
  accountId: number,
  count: number,
  unread: number,
  portal: { locale: Locale; titles: NotificationTitles },
): Promise<void> {
  const now = Date.now();
  const templates = notificationTemplates(portal.titles);
  const rows = Array.from({ length: count }, (_, index) => {
    const template = templates[index % templates.length]!;
    const receivedAt = new Date(now - index * 3 * 3_600_000).toISOString();
    return {
      portal_id: portalId,
      account_id: accountId,
      // Read through message_key in the reader's language; the text is the portal language's fallback.
      message: renderMessage(template.key, template.params, portal.locale),
      message_key: template.key,
      message_params: JSON.stringify(template.params),
      link: template.link,
      received_at: receivedAt,
      read_at: index < unread ? null : new Date(now - index * 3 * 3_600_000 + 600_000).toISOString(),
    };
  });
  for (let start = 0; start < rows.length; start += 100) {
    await db
      .insertInto('notifications')
      .values(rows.slice(start, start + 100))
      .execute();
  }
  await db
    .updateTable('accounts')
    .set({ notifications_total: count, notifications_unread: unread })
    .where('id', '=', accountId)
    .execute();
}

/**
 * Demo data: three portals (nl, en, ro) and one account per role, all with the password `leerpad-demo`, and the
 * learning catalog (db/seed/learning.ts). With a storage adapter the demo's files are written too.
 */
export async function seedDemo(
  db: Kysely<Database>,
  baseUrl: URL,
  options: { storage?: FileStorage } = {},
): Promise<DemoAccount[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const port = baseUrl.port ? `:${baseUrl.port}` : '';
  const secondBaseUrl = `${baseUrl.protocol}//second.localhost${port}`;
  const thirdBaseUrl = `${baseUrl.protocol}//third.localhost${port}`;
  return db.transaction().execute(async (trx) => {
    const academy = await createPortal(trx, {
      name: 'Leerpad Academy',
      baseUrl: `${baseUrl.protocol}//localhost${port}`,
      domains: ['localhost', '127.0.0.1'],
      languages: ['nl', 'en', 'ro'],
      primaryColor: '#0f766e',
      secondaryColor: '#f59e0b',
      businessModels: ['subscription'],
      disabledFeatures: new Set(),
      knowledgeBaseUrl: 'https://help.leerpad.test',
    });
    const second = await createPortal(trx, {
      name: 'Second Portal',
      baseUrl: secondBaseUrl,
      domains: ['second.localhost'],
      languages: ['en'],
      primaryColor: '#b4233c',
      secondaryColor: '#1d4ed8',
      businessModels: ['flat_fee'],
      disabledFeatures: SECOND_PORTAL_DISABLED,
      knowledgeBaseUrl: null,
    });
    // A Romanian academy: its interface, catalog and notifications are all in Romanian.
    const third = await createPortal(trx, {
      name: 'Academia Carpați',
      baseUrl: thirdBaseUrl,
      domains: ['third.localhost'],
      languages: ['ro'],
      primaryColor: '#1e40af',
      secondaryColor: '#ca8a04',
      businessModels: ['flat_fee'],
      disabledFeatures: SECOND_PORTAL_DISABLED,
      knowledgeBaseUrl: null,
    });

    // The second portal counts no page views (decision 072): the switch shows off.
    await trx
      .insertInto('analytics_settings')
      .values({ portal_id: second, enabled: 0, updated_at: new Date().toISOString() })
      .execute();

    const { id: entityId } = await trx
      .insertInto('entities')
      .values({ portal_id: academy, name: 'Demo Logistics B.V.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('contracts')
      .values({
        portal_id: academy,
        entity_id: entityId,
        name: 'Raamcontract Leerpad Academy 2026',
        starts_at: '2026-01-01T00:00:00.000Z',
        ends_at: '2026-12-31T23:59:59.000Z',
      })
      .execute();

    const coach = await createAccount(trx, {
      portalId: academy,
      fullName: 'Carla Coach',
      email: 'coach@leerpad.test',
      roles: [ROLES.coach],
      passwordHash,
      phone: '+31 20 123 4567',
    });
    const student = await createAccount(trx, {
      portalId: academy,
      fullName: 'Sam Student',
      email: 'student@leerpad.test',
      roles: [ROLES.student],
      passwordHash,
      entityId,
      primaryCoachId: coach,
    });
    const admin = await createAccount(trx, {
      portalId: academy,
      fullName: 'Ada Admin',
      email: 'admin@leerpad.test',
      roles: [ROLES.admin],
      passwordHash,
    });
    await createAccount(trx, {
      portalId: academy,
      fullName: 'Sven Support',
      email: 'support@leerpad.test',
      roles: [ROLES.support],
      passwordHash,
    });
    const unsubscribed = await createAccount(trx, {
      portalId: academy,
      fullName: 'Nina No-Subscription',
      email: 'nosub-student@leerpad.test',
      roles: [ROLES.student],
      passwordHash,
    });
    await createAccount(trx, {
      portalId: academy,
      fullName: 'Arthur Author',
      email: 'author@leerpad.test',
      roles: [ROLES.author],
      passwordHash,
    });
    await createAccount(trx, {
      portalId: academy,
      fullName: 'Selma Sales',
      email: 'sales@leerpad.test',
      roles: [ROLES.academySales],
      passwordHash,
    });
    const classmate = await createAccount(trx, {
      portalId: academy,
      fullName: 'Casper Classmate',
      email: 'classmate@leerpad.test',
      roles: [ROLES.student],
      passwordHash,
    });
    await createAccount(trx, {
      portalId: second,
      fullName: 'Sara Second-Admin',
      email: 'second-admin@leerpad.test',
      roles: [ROLES.academyAdmin],
      passwordHash,
      locale: 'en',
    });
    const secondStudent = await createAccount(trx, {
      portalId: second,
      fullName: 'Sophie Second',
      email: 'second-student@leerpad.test',
      roles: [ROLES.student],
      passwordHash,
      locale: 'en',
    });
    const thirdStudent = await createAccount(trx, {
      portalId: third,
      fullName: 'Ioana Popescu',
      email: 'third-student@leerpad.test',
      roles: [ROLES.student],
      passwordHash,
      locale: 'ro',
    });

    await trx
      .insertInto('subscriptions')
      .values([
        {
          portal_id: academy,
          account_id: student,
          is_active: 1,
          starts_at: '2026-01-01T00:00:00.000Z',
          ends_at: null,
        },
        {
          portal_id: academy,
          account_id: classmate,
          is_active: 1,
          starts_at: '2026-01-01T00:00:00.000Z',
          ends_at: null,
        },
        {
          portal_id: academy,
          account_id: unsubscribed,
          is_active: 0,
          starts_at: '2025-01-01T00:00:00.000Z',
          ends_at: '2025-12-31T23:59:59.000Z',
        },
      ])
      .execute();
    await trx
      .insertInto('profiles')
      .values({ portal_id: academy, account_id: student, headline: 'Teamleider magazijn', biography: null })
      .execute();
    await trx
      .insertInto('subscription_promotions')
      .values([
        {
          portal_id: academy,
          account_id: student,
          code: 'WELCOME2026',
          description: 'Eerste maand gratis',
          kind: 'promotion',
          redeemed_at: '2026-01-02T09:00:00.000Z',
          created_at: '2026-01-01T09:00:00.000Z',
        },
        {
          portal_id: academy,
          account_id: student,
          code: 'FRIEND10',
          description: '10% korting als een collega zich aanmeldt',
          kind: 'referral',
          redeemed_at: null,
          created_at: '2026-03-01T09:00:00.000Z',
        },
      ])
      .execute();

    await trx
      .insertInto('feedback_projects')
      .values(
        [
          ['Dark mode', 'A darker theme for evening study. #student #coach', 'backlog', 14],
          ['Bulk enrolment from a spreadsheet', 'Enrol a whole class at once. #admin #manager', 'backlog', 9],
          ['Coach notes on student profiles', 'Private notes next to each mentee. #coach', 'planned', 21],
          [
            'Certificates with QR verification',
            'Employers can check a certificate online. #admin #student',
            'started',
            33,
          ],
        ].map(([name, description, state, upvotes]) => ({
          name: name as string,
          description: description as string,
          state: state as string,
          upvotes: upvotes as number,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();

    await seedAccounts(trx, academy);
    await seedLearning(trx, { academy, second, student, coach, admin }, options.storage);
    await seedSettings(trx, { academy, admin, academyBaseUrl: `${baseUrl.protocol}//localhost${port}` });
    await seedCommerce(trx, { academy, second, student, classmate, unsubscribed, admin, secondStudent });
    await seedCertifications(trx, { academy, second, student, classmate, admin });
    await seedAnnouncements(trx, { academy, second, admin });
    await seedAgreements(trx, { academy, second, admin });
    await seedMarketing(trx, { academy, second, student });
    await seedTickets(trx, { academy, second, student, coach, classmate, secondStudent });
    await seedCoaching(trx, { academy, coach, student });
    await seedOverdueMentee(trx, { academy, admin });
    await seedPortfolio(trx, { academy, student });
    for (const portal of [academy, second]) await refreshProgress(trx, { portalId: portal });

    await seedNotifications(trx, academy, student, 320, 42, ACADEMY_NOTIFICATIONS);
    await seedNotifications(trx, academy, coach, 12, 3, ACADEMY_NOTIFICATIONS);
    await seedNotifications(trx, academy, admin, 6, 2, ACADEMY_NOTIFICATIONS);
    await seedNotifications(trx, second, secondStudent, 4, 1, SECOND_NOTIFICATIONS);
    await seedRomanianCatalog(trx, third);
    await refreshProgress(trx, { portalId: third });
    await seedNotifications(trx, third, thirdStudent, 4, 1, THIRD_NOTIFICATIONS);

    return [
      { email: 'student@leerpad.test', role: 'student (active subscription)', portal: 'Leerpad Academy' },
      { email: 'coach@leerpad.test', role: 'coach', portal: 'Leerpad Academy' },
      { email: 'admin@leerpad.test', role: 'admin', portal: 'Leerpad Academy' },
      { email: 'support@leerpad.test', role: 'support (manages several portals)', portal: 'Leerpad Academy' },
      {
        email: 'nosub-student@leerpad.test',
        role: 'student without a subscription',
        portal: 'Leerpad Academy',
      },
      { email: 'author@leerpad.test', role: 'author', portal: 'Leerpad Academy' },
      { email: 'sales@leerpad.test', role: 'academy sales', portal: 'Leerpad Academy' },
      { email: 'classmate@leerpad.test', role: 'student without a coach', portal: 'Leerpad Academy' },
      { email: 'second-student@leerpad.test', role: 'student', portal: `Second Portal (${secondBaseUrl})` },
      { email: 'third-student@leerpad.test', role: 'student', portal: `Academia Carpați (${thirdBaseUrl})` },
      {
        email: 'second-admin@leerpad.test',
        role: 'academy admin',
        portal: `Second Portal (${secondBaseUrl})`,
      },
    ];
  });
}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('portals').select('id').limit(1).executeTakeFirst();
  return !row;
}
