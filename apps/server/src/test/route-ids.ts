import { DEMO_FEEDBACK_TOKEN } from '../db/seed/portfolio';
import { XHR } from './test-app';
import type { TestApp } from './test-app';
import { ACADEMY_COURSES } from '../db/seed/academy-titles';

/** A route address with every `:name` replaced by the matching id (or 1 where none is known). */
export const fillRoute = (url: string, values: Record<string, string>) =>
  url.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));

/**
 * Real ids of the demo data for every path parameter the API has, all owned by the demo student of
 * Leerpad Academy (a draft answer and a quiz attempt are made for them): routes are reached with
 * ids of the right type, and another account's request is about someone else's record.
 */
export async function seededRouteIds(t: TestApp, studentCookie: string): Promise<Record<string, string>> {
  const db = t.services.db;
  const studentId = await t.accountId('student@leerpad.test');
  const academy = await db
    .selectFrom('accounts')
    .select('portal_id')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  const notification = await db
    .selectFrom('notifications')
    .select('id')
    .where('account_id', '=', studentId)
    .executeTakeFirstOrThrow();
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('title', '=', ACADEMY_COURSES.sample)
    .executeTakeFirstOrThrow();
  const first = async (
    table:
      | 'course_sections'
      | 'catalog_categories'
      | 'content_labels'
      | 'content_issues'
      | 'files'
      | 'api_tokens'
      | 'webhooks'
      | 'webhook_deliveries'
      | 'announcements'
      | 'agreements'
      | 'tickets'
      | 'approval_requests'
      | 'coach_mandates',
  ) =>
    String(
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('portal_id', '=', academy.portal_id)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const objectOfType = async (type: string) =>
    (
      await db
        .selectFrom('learning_objects')
        .select('id')
        .where('course_id', '=', course.id)
        .where('type', '=', type)
        .executeTakeFirstOrThrow()
    ).id;
  const quiz = await objectOfType('quiz');
  const assignment = await objectOfType('assignment');
  const question = await db
    .selectFrom('quiz_questions')
    .select('id')
    .where('learning_object_id', '=', quiz)
    .executeTakeFirstOrThrow();
  const enrollment = await db
    .selectFrom('enrollments')
    .select('id')
    .where('account_id', '=', studentId)
    .executeTakeFirstOrThrow();
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('account_id', '=', studentId)
    .where('state', '=', 'paid')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const ofOrder = async (table: 'payments' | 'invoices') =>
    String(
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('order_id', '=', order.id)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const subscription = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('account_id', '=', studentId)
    .executeTakeFirstOrThrow();
  const firstOfPortal = async (table: 'products' | 'sales_catalogs' | 'promotions' | 'order_automations') =>
    String(
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('portal_id', '=', academy.portal_id)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const asStudent = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...XHR, host: 'localhost', cookie: studentCookie },
      ...(payload ? { payload } : {}),
    });
  const supportId = await t.accountId('support@leerpad.test');
  const actedAt = new Date(Date.now() - 2 * 60 * 60_000);
  const act = await db
    .insertInto('impersonations')
    .values({
      portal_id: academy.portal_id,
      session_id: null,
      actor_id: supportId,
      account_id: studentId,
      reason: 'Checking the course list the student sees',
      started_at: actedAt.toISOString(),
      expires_at: new Date(actedAt.getTime() + 60 * 60_000).toISOString(),
      ended_at: new Date(actedAt.getTime() + 10 * 60_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accountImport = await db
    .insertInto('account_imports')
    .values({
      portal_id: academy.portal_id,
      created_by: supportId,
      file_name: 'accounts.csv',
      mode: 'create',
      mapping: '{"email":"email"}',
      content: '',
      status: 'completed',
      total_rows: 1,
      rows_done: 1,
      created_count: 1,
      updated_count: 0,
      report: '[]',
      created_at: actedAt.toISOString(),
      finished_at: actedAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const draft = await asStudent('PUT', `/api/v1/learning_objects/${assignment}/answer`, { text: 'A draft' });
  const attempt = await asStudent('POST', `/api/v1/learning_objects/${quiz}/quiz_attempts`);
  const certificate = await db
    .selectFrom('certificates')
    .select(['id', 'code', 'certification_id'])
    .where('account_id', '=', studentId)
    .where('status', '=', 'valid')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const coachId = await t.accountId('coach@leerpad.test');
  const plannedAt = new Date().toISOString();
  const followUp = await db
    .insertInto('follow_ups')
    .values({
      portal_id: academy.portal_id,
      student_id: studentId,
      coach_id: coachId,
      kind: 'call',
      note: 'Talk about the lifting plan',
      due_at: new Date(Date.now() + 86_400_000).toISOString(),
      done_at: null,
      outcome: null,
      reminded_at: null,
      created_at: plannedAt,
      updated_at: plannedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const portfolioItem = await db
    .selectFrom('portfolio_items')
    .select('id')
    .where('account_id', '=', studentId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const profile = await db
    .selectFrom('profiles')
    .select('handle')
    .where('account_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return {
    portfolio_item: String(portfolioItem.id),
    handle: profile.handle ?? 'unknown',
    token: DEMO_FEEDBACK_TOKEN,
    follow_up: String(followUp.id),
    certification: String(certificate.certification_id),
    certificate: String(certificate.id),
    code: certificate.code,
    account: String(studentId),
    student: String(studentId),
    notification: String(notification.id),
    portal: String(academy.portal_id),
    language: '1',
    feature_flag: 'follow-ups',
    course: String(course.id),
    section: await first('course_sections'),
    learning_object: String(quiz),
    quiz_question: String(question.id),
    quiz_attempt: String(attempt.json().data.id),
    enrollment: String(enrollment.id),
    answer: String(draft.json().data.id),
    catalog_category: await first('catalog_categories'),
    content_label: await first('content_labels'),
    content_issue: await first('content_issues'),
    file: await first('files'),
    impersonation: String(act.id),
    account_import: String(accountImport.id),
    api_token: await first('api_tokens'),
    webhook: await first('webhooks'),
    webhook_delivery: await first('webhook_deliveries'),
    announcement: await first('announcements'),
    agreement: await first('agreements'),
    order: String(order.id),
    payment: await ofOrder('payments'),
    invoice: await ofOrder('invoices'),
    subscription: String(subscription.id),
    product: await firstOfPortal('products'),
    sales_catalog: await firstOfPortal('sales_catalogs'),
    promotion: await firstOfPortal('promotions'),
    order_automation: await firstOfPortal('order_automations'),
    ticket: await first('tickets'),
    approval_request: await first('approval_requests'),
    coach_mandate: await first('coach_mandates'),
  };
}
