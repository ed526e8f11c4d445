import { randomBytes } from 'node:crypto';
import { newCertificateCode } from '../certifications/service';

/**
 * Which tables hold a portal's data and how a portal export walks them (decision 059). Every table
 * of the database is named here once: exported, left out with the reason, or not portal data at all.
 * `catalogue.test.ts` compares this with the migrated schema, so a new table (or a new foreign key)
 * fails the suite until it is placed here.
 */

/** An id column that points at another table's row: a declared foreign key, or an id kept without one. */
export type Reference =
  | string
  /** The table depends on another column of the row (certification reminders: by `kind`). */
  | { by: string; tables: Record<string, string> };

/** Ids inside a JSON column, rewritten with `remap(table, id)` on import. */
export type JsonIds = (value: unknown, remap: (table: string, id: unknown) => unknown) => unknown;

export interface TableSpec {
  /**
   * How the portal's rows are found: by their own `portal_id`, through a parent row that has one,
   * or (the portal itself) by `id`.
   */
  scope: 'portal' | 'self' | { column: string; parent: string };
  /**
   * The identity column, given anew on import (`seq` for xAPI statements, whose `id` is their UUID);
   * null for tables keyed by their references.
   */
  key: 'id' | 'seq' | null;
  /** Id columns (besides portal_id) and the table they point at. */
  refs: Record<string, Reference>;
  /** Columns that point at rows outside the portal: emptied on import. */
  clear?: string[];
  /** Ids inside JSON columns. */
  json?: Record<string, JsonIds>;
  /** Secrets never written to the zip; an import fills them anew. */
  secrets?: Record<string, () => unknown>;
  /** Values an imported row takes whatever it had (a webhook waits until its new secret is shared). */
  importAs?: Record<string, unknown>;
  /** Unique across the installation: an import makes a new value when the old one is taken. */
  globallyUnique?: Record<string, () => string>;
  /**
   * Kept by triggers from other tables: an import writes the exported rows over what its own inserts
   * made, after every other table, in the order of the catalogue.
   */
  derived?: boolean;
  /** Columns kept by triggers on other tables: written back to their exported values at the end. */
  restore?: string[];
  /** Byte columns: written to the zip as base64 and read back as bytes. */
  binary?: string[];
  /** JSON columns that are jsonb on PostgreSQL and text on SQLite: always written as text. */
  jsonText?: string[];
  /**
   * Files in storage that belong to the row without a `files` row (a SCORM package's unpacked
   * files): kept under `<row[column]>/…`, written to the zip beside the stored files, and stored under
   * a new prefix on import.
   */
  storedUnder?: { column: string; keys: (row: Record<string, unknown>) => string[] };
}

const randomSecret = () => randomBytes(32).toString('hex');

const idList =
  (table: string): JsonIds =>
  (value, remap) =>
    Array.isArray(value) ? value.map((id) => remap(table, id)) : value;

/** Rewrites every `question_id` (and a result's `question.id`) in a quiz attempt's JSON. */
const questionIds: JsonIds = (value, remap) =>
  Array.isArray(value)
    ? value.map((entry: unknown) => {
        if (!entry || typeof entry !== 'object') return entry;
        const item = { ...(entry as Record<string, unknown>) };
        if ('question_id' in item) item.question_id = remap('quiz_questions', item.question_id);
        if (item.question && typeof item.question === 'object') {
          const question = { ...(item.question as Record<string, unknown>) };
          if ('id' in question) question.id = remap('quiz_questions', question.id);
          item.question = question;
        }
        return item;
      })
    : value;

/** An order automation's actions name courses, a plan and a coach. */
const automationActions: JsonIds = (value, remap) =>
  Array.isArray(value)
    ? value.map((entry: unknown) => {
        if (!entry || typeof entry !== 'object') return entry;
        const action = { ...(entry as Record<string, unknown>) };
        if (Array.isArray(action.course_ids))
          action.course_ids = action.course_ids.map((id) => remap('courses', id));
        if (action.product_id != null) action.product_id = remap('products', action.product_id);
        if (action.coach_id != null) action.coach_id = remap('accounts', action.coach_id);
        return action;
      })
    : value;

/** The storage keys of a SCORM or cmi5 package's files: `<storage_prefix>/<n>` for each entry of `files`. */
const packageFileKeys = (row: Record<string, unknown>): string[] => {
  let files: unknown;
  try {
    files = JSON.parse(String(row.files));
  } catch {
    return [];
  }
  return Array.isArray(files) ? files.map((_, index) => `${String(row.storage_prefix)}/${index}`) : [];
};

const portal = (refs: Record<string, Reference> = {}, more: Partial<TableSpec> = {}): TableSpec => ({
  scope: 'portal',
  key: 'id',
  refs,
  ...more,
});
const keyless = (refs: Record<string, Reference> = {}, more: Partial<TableSpec> = {}): TableSpec => ({
  scope: 'portal',
  key: null,
  refs,
  ...more,
});
const through = (
  column: string,
  parent: string,
  key: 'id' | null,
  refs: Record<string, Reference>,
): TableSpec => ({ scope: { column, parent }, key, refs });

/** Columns of `accounts` that triggers keep from roles and enrolments (decision 046), and the counters. */
const ACCOUNT_FIGURES = [
  'notifications_total',
  'notifications_unread',
  'student_roles',
  'staff_roles',
  'counts_as_student',
  'enrolment_count',
  'progress_sum',
  'progress_percent',
];

/** The tables an export holds, in the order the zip lists them (an import sorts them by reference). */
export const EXPORTED_TABLES: Record<string, TableSpec> = {
  portals: { scope: 'self', key: 'id', refs: {} },
  portal_domains: portal(),
  portal_parameters: portal(),
  portal_languages: portal(),
  portal_features: portal(),
  entities: portal(),
  contracts: portal({ entity_id: 'entities' }),
  accounts: portal({ primary_coach_id: 'accounts', entity_id: 'entities' }, { restore: ACCOUNT_FIGURES }),
  account_roles: through('account_id', 'accounts', null, { account_id: 'accounts' }),
  account_preferences: portal({ account_id: 'accounts' }),
  account_notes: portal({ author_id: 'accounts', account_id: 'accounts' }),
  account_imports: portal({ created_by: 'accounts' }),
  profiles: portal({ account_id: 'accounts' }),
  sign_ins: portal({ account_id: 'accounts' }),
  notifications: portal({ account_id: 'accounts' }),
  audit_events: portal({ acting_for_id: 'accounts', actor_id: 'accounts' }),
  files: portal({ account_id: 'accounts' }),
  catalog_categories: portal(),
  content_labels: portal(),
  courses: portal({
    created_by: 'accounts',
    catalog_category_id: 'catalog_categories',
    cover_file_id: 'files',
  }),
  course_content_labels: keyless({ content_label_id: 'content_labels', course_id: 'courses' }),
  course_sections: portal({ course_id: 'courses' }),
  learning_objects: portal({ file_id: 'files', section_id: 'course_sections', course_id: 'courses' }),
  quiz_questions: portal({ learning_object_id: 'learning_objects' }),
  enrollments: portal({
    last_learning_object_id: 'learning_objects',
    account_id: 'accounts',
    course_id: 'courses',
  }),
  learning_object_progress: portal({ learning_object_id: 'learning_objects', enrollment_id: 'enrollments' }),
  quiz_attempts: portal(
    { account_id: 'accounts', learning_object_id: 'learning_objects', enrollment_id: 'enrollments' },
    { json: { question_ids: idList('quiz_questions'), responses: questionIds, results: questionIds } },
  ),
  quiz_attempt_answers: keyless({ attempt_id: 'quiz_attempts', question_id: 'quiz_questions' }),
  answers: portal({
    reviewer_id: 'accounts',
    file_id: 'files',
    account_id: 'accounts',
    learning_object_id: 'learning_objects',
    course_id: 'courses',
  }),
  answer_members: keyless({
    learning_object_id: 'learning_objects',
    account_id: 'accounts',
    answer_id: 'answers',
  }),
  answer_invitations: keyless({
    learning_object_id: 'learning_objects',
    account_id: 'accounts',
    answer_id: 'answers',
  }),
  answer_weeks: keyless({ account_id: 'accounts' }),
  content_issues: portal({
    resolved_by: 'accounts',
    reporter_id: 'accounts',
    learning_object_id: 'learning_objects',
    course_id: 'courses',
  }),
  tickets: portal({
    learning_object_id: 'learning_objects',
    course_id: 'courses',
    coach_id: 'accounts',
    student_id: 'accounts',
  }),
  ticket_messages: portal({ author_id: 'accounts', ticket_id: 'tickets' }),
  follow_ups: portal({ coach_id: 'accounts', student_id: 'accounts' }),
  coach_mandates: portal({ revoked_by: 'accounts', granted_by: 'accounts', coach_id: 'accounts' }),
  coach_mandate_courses: through('mandate_id', 'coach_mandates', null, {
    course_id: 'courses',
    mandate_id: 'coach_mandates',
  }),
  approval_requests: portal({
    mandate_id: 'coach_mandates',
    decided_by: 'accounts',
    course_id: 'courses',
    student_id: 'accounts',
  }),
  announcements: portal({ author_id: 'accounts' }, { json: { course_ids: idList('courses') } }),
  announcement_states: through('announcement_id', 'announcements', null, {
    account_id: 'accounts',
    announcement_id: 'announcements',
  }),
  agreements: portal({ author_id: 'accounts' }),
  agreement_acceptances: portal({ account_id: 'accounts', agreement_id: 'agreements' }),
  mailing_list_settings: keyless(),
  mailing_list_consents: keyless({ account_id: 'accounts' }),
  feedback_notes: portal(
    { project_id: 'feedback_projects', account_id: 'accounts' },
    { clear: ['project_id'] },
  ),
  webhooks: portal({}, { secrets: { secret: randomSecret }, importAs: { active: 0 } }),
  products: portal(),
  product_courses: through('product_id', 'products', null, { course_id: 'courses', product_id: 'products' }),
  sales_catalogs: portal(),
  sales_catalog_products: through('catalog_id', 'sales_catalogs', null, {
    product_id: 'products',
    catalog_id: 'sales_catalogs',
  }),
  promotions: portal(),
  promotion_products: through('promotion_id', 'promotions', null, {
    product_id: 'products',
    promotion_id: 'promotions',
  }),
  orders: portal({ created_by: 'accounts', promotion_id: 'promotions', account_id: 'accounts' }),
  order_lines: portal({ product_id: 'products', order_id: 'orders' }),
  payments: portal({ order_id: 'orders' }),
  invoices: portal({ account_id: 'accounts', order_id: 'orders' }),
  invoice_counters: keyless(),
  promotion_redemptions: portal({ account_id: 'accounts', order_id: 'orders', promotion_id: 'promotions' }),
  order_automations: portal({ product_id: 'products' }, { json: { actions: automationActions } }),
  automation_runs: portal({ order_id: 'orders', automation_id: 'order_automations' }),
  // product_id and order_id are kept without a foreign key.
  subscriptions: portal({ account_id: 'accounts', product_id: 'products', order_id: 'orders' }),
  subscription_promotions: portal({ account_id: 'accounts' }),
  certifications: portal(),
  certification_courses: through('certification_id', 'certifications', 'id', {
    course_id: 'courses',
    certification_id: 'certifications',
  }),
  certification_assignments: portal({
    created_by: 'accounts',
    course_id: 'courses',
    account_id: 'accounts',
    certification_id: 'certifications',
  }),
  certificates: portal(
    { revoked_by: 'accounts', account_id: 'accounts', certification_id: 'certifications' },
    { globallyUnique: { code: newCertificateCode } },
  ),
  certification_reminders: portal({
    account_id: 'accounts',
    subject_id: { by: 'kind', tables: { expiry: 'certificates', overdue: 'certification_assignments' } },
  }),
  portfolio_items: portal(
    { certificate_id: 'certificates', course_id: 'courses', account_id: 'accounts' },
    { json: { file_ids: idList('files') } },
  ),
  portfolio_comments: portal({ author_id: 'accounts', item_id: 'portfolio_items' }),
  // The token of a rating link is a secret: links sent before the move stop working.
  feedback_requests: portal(
    { account_id: 'accounts', item_id: 'portfolio_items' },
    { secrets: { token_hash: randomSecret } },
  ),
  // SCORM packages with their unpacked files, and each learner's runtime data (decision 064).
  scorm_packages: portal(
    { learning_object_id: 'learning_objects', account_id: 'accounts' },
    { storedUnder: { column: 'storage_prefix', keys: packageFileKeys } },
  ),
  scorm_attempts: portal({ enrollment_id: 'enrollments', learning_object_id: 'learning_objects' }),
  // cmi5 courses with their files (the same layout as SCORM's), registrations and unit states
  // (decision 068). A course whose units all live elsewhere has no files and an empty prefix.
  cmi5_packages: portal(
    { learning_object_id: 'learning_objects', account_id: 'accounts' },
    { storedUnder: { column: 'storage_prefix', keys: packageFileKeys } },
  ),
  cmi5_registrations: portal({ enrollment_id: 'enrollments', learning_object_id: 'learning_objects' }),
  cmi5_au_states: portal({ registration_id: 'cmi5_registrations' }),
  // The learning record store (decision 063). Statements keep their UUIDs and their order (`seq`);
  // the credential that stored one is not carried (its secret stays behind), so the link is emptied.
  xapi_statements: {
    scope: 'portal',
    key: 'seq',
    refs: { credential_id: 'xapi_credentials' },
    clear: ['credential_id'],
    jsonText: ['statement'],
  },
  xapi_statement_mentions: keyless({ seq: 'xapi_statements' }),
  // Whether Leerpad writes statements about its own learning events (decision 069).
  xapi_settings: keyless(),
  // Page views per route and day, and whether they are counted (decision 072).
  analytics_settings: keyless(),
  analytics_page_views: keyless(),
  xapi_attachments: keyless({}, { binary: ['content'] }),
  xapi_activities: keyless(),
  xapi_documents: portal({}, { binary: ['content'] }),
  // Kept by triggers; written over what the import's own inserts made (portal_weeks after the learners).
  portal_week_learners: keyless({ account_id: 'accounts' }, { derived: true }),
  portal_weeks: keyless({}, { derived: true }),
  order_state_counts: keyless({}, { derived: true }),
  qualification_cells: keyless(
    { certification_id: 'certifications', account_id: 'accounts' },
    { derived: true },
  ),
};

/** Tables with a portal's rows that an export leaves out, and why (decision 059). */
export const LEFT_OUT_TABLES: Record<string, string> = {
  sessions: 'signed-in sessions belong to the installation: everyone signs in again',
  password_resets: 'reset links are secrets of the installation that sent them',
  registrations: 'unconfirmed sign-ups hold a secret confirmation token',
  impersonations: 'acting-as sessions end with the sessions they belong to',
  api_tokens: 'API token secrets are never exported: tokens are made again on the new installation',
  payment_provider_settings: "the payment provider's secret keys are never exported",
  portal_signing_keys: 'private signing keys stay with the installation; a new one is made on first use',
  webhook_deliveries: 'a log of deliveries made by the old installation',
  webhook_delivery_attempts: 'a log of deliveries made by the old installation',
  mail_outbox: 'mail waiting to be sent would be sent twice',
  portal_exports: 'exports made by the old installation',
  feedback_upvotes: "votes on the platform's own feedback projects, not the portal's",
  // The built-in test provider's idempotency ledger (decision 065): what it "charged" in development
  // and demos, never money. A real provider keeps this ledger on its own side; the renewal orders and
  // payments themselves are exported with the portal.
  test_provider_charges: "the built-in test payment provider's ledger, not real payments",
  scorm_launches: 'one-time content links of the old installation',
  cmi5_sessions: 'one-time launch and fetch links of the old installation',
  xapi_credentials: 'LRS key secrets are never exported: credentials are made again',
  xapi_self_statements: "statements waiting for the old installation's learning record store",
  // LTI (decision 070): tools keep their keys and client ids with the installation that registered them.
  lti_platform_keys: 'private signing keys stay with the installation; a new one is made on first use',
  lti_tools: 'LTI tools are registered again on the new installation (their client ids are ours)',
  lti_registrations: 'one-time registration tokens of the old installation',
  lti_resource_links: 'LTI links go with their tools, which are registered again',
  lti_launches: 'launches in flight on the old installation',
  lti_access_tokens: 'access tokens of the old installation',
  lti_line_items: 'LTI grade columns go with their tools, which are registered again',
  lti_scores: "LTI scores are carried as the learning objects' progress",
};

/** Tables that hold no portal's data: the installation's own. */
export const INSTALLATION_TABLES: Record<string, string> = {
  lti_used_values: 'LTI nonces and client-assertion ids seen, kept until they expire',
  feedback_projects: "the platform's roadmap, shared by every portal",
  jobs: 'the job queue (SQLite)',
  kysely_migration: 'migrations run',
  kysely_migration_lock: 'migrations run',
  courses_search: 'the course search index (SQLite), kept by triggers',
  courses_search_config: 'the course search index (SQLite)',
  courses_search_data: 'the course search index (SQLite)',
  courses_search_docsize: 'the course search index (SQLite)',
  courses_search_idx: 'the course search index (SQLite)',
};

/** The table a reference points at for this row. */
export function referencedTable(reference: Reference, row: Record<string, unknown>): string | null {
  if (typeof reference === 'string') return reference;
  return reference.tables[String(row[reference.by])] ?? null;
}

function targetsOf(reference: Reference): string[] {
  return typeof reference === 'string' ? [reference] : Object.values(reference.tables);
}

/**
 * The exported tables in an order where every row's references are inserted before it (a table's
 * references to itself are filled in afterwards); derived tables come last, in catalogue order.
 */
export function insertOrder(tables: Record<string, TableSpec> = EXPORTED_TABLES): string[] {
  const names = Object.keys(tables).filter((name) => !tables[name]!.derived);
  const done = new Set<string>();
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name)) return;
    if (visiting.has(name)) throw new Error(`The portal tables reference each other in a circle at ${name}.`);
    visiting.add(name);
    const spec = tables[name]!;
    const parents = Object.entries(spec.refs)
      .filter(([column]) => !spec.clear?.includes(column))
      .flatMap(([, reference]) => targetsOf(reference));
    if (typeof spec.scope === 'object') parents.push(spec.scope.parent);
    for (const parent of parents) if (parent !== name && tables[parent]) visit(parent);
    visiting.delete(name);
    done.add(name);
    order.push(name);
  };
  visit('portals');
  for (const name of names) visit(name);
  return [...order, ...Object.keys(tables).filter((name) => tables[name]!.derived)];
}
