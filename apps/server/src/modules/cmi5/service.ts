import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Cmi5AuState, Cmi5MoveOn } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { EnrollmentRow, LearningObjectRow } from '../../db/schema-learning';
import type {
  Cmi5AuStateRow,
  Cmi5PackageRow,
  Cmi5RegistrationRow,
  Cmi5SessionRow,
} from '../../db/schema-cmi5';
import { Invalid, NotFound } from '../../domain/errors';
import { hashToken } from '../../http/session';
import type { PortalContext } from '../../context/portal';
import type { FileStorage } from '../../storage/file-storage';
import { checkQuota } from '../files/service';
import type { StorageQuota } from '../files/service';
import { completeEnrollmentIfDone, recordProgress } from '../enrollments/service';
import { MANIFEST_MAX_BYTES, newPackagePrefix, unpackArchive } from '../scorm/package-zip';
import type { PackageFile } from '../scorm/package-zip';
import { removePackageFiles } from '../scorm/service';
import { createLaunchCredential, expireLaunchCredential } from '../xapi/credentials';
import { saveDocument } from '../xapi/documents';
import { prepareStatements } from '../xapi/intake';
import { storeStatements } from '../xapi/statements';
import { agentKey } from '../xapi/validate';
import type { JsonObject } from '../xapi/validate';
import { parseCourseStructure } from './course-structure';
import type { Cmi5Au, Cmi5Course } from './course-structure';

/** How long a launch's content path, fetch URL and LRS credential stay valid. */
const SESSION_HOURS = 12;
export const CMI5_CONTENT_PATH = '/cmi5-content';
export const CMI5_FETCH_PATH = '/cmi5-fetch';

export const VERBS = {
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  abandoned: 'https://w3id.org/xapi/adl/verbs/abandoned',
  satisfied: 'https://w3id.org/xapi/adl/verbs/satisfied',
} as const;
const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const EXTENSION = 'https://w3id.org/xapi/cmi5/context/extensions/';
export const LAUNCH_DATA = 'LMS.LaunchData';

/**
 * The activity id the LMS gives a course, block or AU (cmi5 §8.1, §9.3.9): its own IRI, not the
 * publisher's id from cmi5.xml (which goes into the statements' `grouping`), the same for every
 * launch and every learner of this learning object, and across versions of the course.
 */
export function lmsActivityId(
  portal: Pick<PortalContext, 'row'>,
  learningObjectId: number,
  publisherId: string,
): string {
  const digest = createHash('sha256').update(publisherId).digest('hex').slice(0, 32);
  return `${portal.row.base_url.replace(/\/+$/, '')}/cmi5/learning-objects/${learningObjectId}/${digest}`;
}

export const courseOf = (row: Pick<Cmi5PackageRow, 'course'>) => JSON.parse(row.course) as Cmi5Course;
export const filesOf = (row: Pick<Cmi5PackageRow, 'files'>) => JSON.parse(row.files) as PackageFile[];

export async function findPackage(
  db: Executor,
  scope: PortalScope,
  learningObjectId: number,
): Promise<Cmi5PackageRow | undefined> {
  return db
    .selectFrom('cmi5_packages')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('learning_object_id', '=', learningObjectId)
    .executeTakeFirst();
}

export async function requirePackage(db: Executor, scope: PortalScope, object: LearningObjectRow) {
  const row = object.type === 'cmi5' ? await findPackage(db, scope, object.id) : undefined;
  if (!row)
    throw new NotFound({
      code: 'CMI5_PACKAGE_MISSING',
      title: 'Not found',
      detail: 'This learning object has no cmi5 course yet.',
    });
  return row;
}

async function startsLikeZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

/**
 * Imports cmi5.xml, or a zip holding it with its AUs, as the course of a `cmi5` object: checked
 * before anything is stored, then recorded in place of the previous version (whose files go after
 * the commit). Learners' registrations and AU states are keyed by the object and the AU's id, so
 * they carry over to the new version.
 */
export async function replacePackage(
  db: Kysely<Database>,
  storage: FileStorage,
  quota: StorageQuota,
  upload: { object: InPortal<LearningObjectRow>; accountId: number; path: string; fileName: string },
): Promise<Cmi5PackageRow> {
  const scope = upload.object.portal_id;
  const previous = await findPackage(db, scope, upload.object.id);
  const reclaimed = previous?.byte_size ?? 0;
  let course: Cmi5Course;
  let files: PackageFile[] = [];
  let byteSize = 0;
  let prefix = '';
  if (await startsLikeZip(upload.path)) {
    prefix = newPackagePrefix(scope, 'cmi5');
    const unpacked = await unpackArchive(
      upload.path,
      storage,
      prefix,
      (bytes) => checkQuota(db, quota, scope, upload.accountId, Math.max(0, bytes - reclaimed)),
      {
        manifestName: 'cmi5.xml',
        missing: () => refuse('CMI5_XML_MISSING', 'The zip has no cmi5.xml at its top level.'),
        tooLarge: () => refuse('CMI5_COURSE_INVALID', 'cmi5.xml is too large.', { reason: 'is too large' }),
        parse: parseCourseStructure,
      },
    );
    ({ manifest: course, files, byteSize } = unpacked);
  } else {
    const source = await readFile(upload.path);
    if (source.length > MANIFEST_MAX_BYTES)
      refuse('CMI5_COURSE_INVALID', 'cmi5.xml is too large.', { reason: 'is too large' });
    course = parseCourseStructure(source.toString('utf8').replace(/^\uFEFF/, ''), new Set());
  }
  let row: Cmi5PackageRow;
  try {
    row = await db.transaction().execute(async (trx) => {
      await locks.storage(trx, scope);
      await checkQuota(trx, quota, scope, upload.accountId, Math.max(0, byteSize - reclaimed));
      await trx.deleteFrom('cmi5_packages').where('learning_object_id', '=', upload.object.id).execute();
      const inserted = await trx
        .insertInto('cmi5_packages')
        .values({
          portal_id: scope,
          learning_object_id: upload.object.id,
          account_id: upload.accountId,
          title: course.title.slice(0, 200),
          file_name: upload.fileName,
          storage_prefix: prefix,
          course: JSON.stringify(course),
          files: JSON.stringify(files),
          byte_size: byteSize,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('learning_objects')
        .set({ updated_at: nowIso() })
        .where('id', '=', upload.object.id)
        .execute();
      return inserted;
    });
  } catch (error) {
    if (prefix) await removePackageFiles(storage, { storage_prefix: prefix, files: JSON.stringify(files) });
    throw error;
  }
  if (previous?.storage_prefix) await removePackageFiles(storage, previous);
  return row;
}

function refuse(code: string, detail: string, meta: Record<string, unknown> = {}): never {
  throw new Invalid([{ pointer: '/file', code, detail, meta }]);
}

// ── moveOn ──────────────────────────────────────────────────────────────────────────────────────

type AuFlags = Pick<Cmi5AuStateRow, 'completed' | 'passed'>;

/** Whether an AU's moveOn is met (cmi5 §10): NotApplicable is met without a launch. */
export function moveOnMet(moveOn: Cmi5MoveOn, state: AuFlags | undefined): boolean {
  const completed = state?.completed === 1;
  const passed = state?.passed === 1;
  switch (moveOn) {
    case 'Passed':
      return passed;
    case 'Completed':
      return completed;
    case 'CompletedAndPassed':
      return completed && passed;
    case 'CompletedOrPassed':
      return completed || passed;
    case 'NotApplicable':
      return true;
  }
}

/** An AU's state for the table of contents. */
export function auState(au: Pick<Cmi5Au, 'moveOn'>, state: Cmi5AuStateRow | undefined): Cmi5AuState {
  if (state && state.launches > 0 && moveOnMet(au.moveOn, state)) return 'satisfied';
  if (!state || (state.launches === 0 && !state.completed && !state.passed)) return 'not_attempted';
  if (state.passed) return 'passed';
  if (state.failed) return 'failed';
  if (state.completed) return 'completed';
  return 'in_progress';
}

// ── Registrations and AU states ─────────────────────────────────────────────────────────────────

export async function findRegistration(
  db: Executor,
  scope: PortalScope,
  enrollmentId: number,
  objectId: number,
) {
  return db
    .selectFrom('cmi5_registrations')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('enrollment_id', '=', enrollmentId)
    .where('learning_object_id', '=', objectId)
    .executeTakeFirst();
}

export async function auStatesOf(db: Executor, scope: PortalScope, registrationId: number) {
  return db
    .selectFrom('cmi5_au_states')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('registration_id', '=', registrationId)
    .orderBy('id')
    .execute();
}

// ── Launch ──────────────────────────────────────────────────────────────────────────────────────

export interface Cmi5Launch {
  url: string;
  auId: string;
  registration: string;
  sessionId: string;
  launchMethod: Cmi5Au['launchMethod'];
  tracked: boolean;
  expiresAt: string;
}

const authority = (portal: PortalContext) => ({
  name: 'Leerpad',
  key: 'lms',
  homePage: portal.row.base_url,
});

/** Stores statements the LMS itself makes (launched, abandoned, satisfied). */
async function lmsStatements(trx: Executor, portal: PortalContext, statements: JsonObject[]) {
  const prepared = prepareStatements(statements, '1.0', null, authority(portal), nowIso());
  await storeStatements(trx, portal.id, prepared.statements, prepared.attachments, null, prepared.received);
}

function cmi5Context(
  registration: string,
  sessionId: string,
  au: Pick<Cmi5Au, 'id'>,
  extra: JsonObject = {},
) {
  return {
    registration,
    contextActivities: {
      category: [{ id: CMI5_CATEGORY, objectType: 'Activity' }],
      grouping: [{ id: au.id, objectType: 'Activity' }],
    },
    extensions: { [`${EXTENSION}sessionid`]: sessionId, ...extra },
  };
}

/** The learner as an xAPI Agent: an account on the portal's home page. */
export function learnerAgent(portal: PortalContext, account: { id: number; fullName: string }): JsonObject {
  return {
    objectType: 'Agent',
    name: account.fullName,
    account: { homePage: portal.row.base_url, name: String(account.id) },
  };
}

const secondsToDuration = (ms: number) => `PT${Math.max(0, Math.round(ms / 1000))}S`;

/**
 * Launches one AU (cmi5 §8, §10): the learner's registration (made on the first launch, kept),
 * open sessions of this AU abandoned, LMS.LaunchData written to the state API and a `launched`
 * statement stored, then the AU's address with endpoint, fetch, actor, registration and activityId.
 * Staff who are not enrolled preview: a registration of their own that is not kept.
 */
export async function launchAu(
  db: Kysely<Database>,
  portal: PortalContext,
  origin: string,
  pkg: Cmi5PackageRow,
  enrollment: InPortal<EnrollmentRow> | undefined,
  account: { id: number; fullName: string },
  auId: string,
  pointer: string,
  returnUrl: string,
): Promise<Cmi5Launch> {
  const course = courseOf(pkg);
  const au = course.aus.find((entry) => entry.id === auId);
  if (!au)
    throw new Invalid([
      {
        pointer,
        code: 'CMI5_UNKNOWN_AU',
        detail: `This course has no AU "${auId}".`,
        meta: { identifier: auId },
      },
    ]);
  const actor = learnerAgent(portal, account);
  const activityId = lmsActivityId(portal, pkg.learning_object_id, au.id);
  const actorKey = agentKey(actor) as string;
  const contentToken = randomBytes(24).toString('base64url');
  const fetchToken = randomBytes(24).toString('base64url');
  const sessionId = randomUUID();
  const now = nowIso();
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3600_000).toISOString();
  return db.transaction().execute(async (trx) => {
    let registrationId: number | null = null;
    let settleAfterLaunch: {
      registration: Cmi5RegistrationRow;
      enrollment: InPortal<EnrollmentRow>;
      newlyMet: Cmi5Au | null;
    } | null = null;
    let registration: string = randomUUID();
    if (enrollment) {
      const existing = await findRegistration(trx, portal.id, enrollment.id, pkg.learning_object_id);
      const row =
        existing ??
        (await trx
          .insertInto('cmi5_registrations')
          .values({
            portal_id: portal.id,
            enrollment_id: enrollment.id,
            learning_object_id: pkg.learning_object_id,
            registration,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow());
      registrationId = row.id;
      registration = row.registration;
      // A session launched and never terminated is abandoned when the next one starts (cmi5 §9.3.8).
      const open = await trx
        .selectFrom('cmi5_sessions')
        .selectAll()
        .where('registration_id', '=', row.id)
        .where('au_id', '=', au.id)
        .where('terminated_at', 'is', null)
        .where('abandoned_at', 'is', null)
        .execute();
      for (const session of open) {
        await trx
          .updateTable('cmi5_sessions')
          .set({ abandoned_at: now })
          .where('id', '=', session.id)
          .execute();
        if (session.credential_id !== null) await expireLaunchCredential(trx, session.credential_id);
        await lmsStatements(trx, portal, [
          {
            actor: JSON.parse(session.actor) as JsonObject,
            verb: { id: VERBS.abandoned, display: { 'en-US': 'abandoned' } },
            object: { objectType: 'Activity', id: activityId },
            result: { duration: secondsToDuration(Date.now() - Date.parse(session.launched_at)) },
            context: cmi5Context(registration, session.session_id, au),
            timestamp: now,
          },
        ]);
      }
      const state = await trx
        .selectFrom('cmi5_au_states')
        .selectAll()
        .where('registration_id', '=', row.id)
        .where('au_id', '=', au.id)
        .executeTakeFirst();
      // NotApplicable is met by the launch itself.
      const metByLaunch = au.moveOn === 'NotApplicable' && state?.satisfied !== 1;
      if (state)
        await trx
          .updateTable('cmi5_au_states')
          .set({
            launches: state.launches + 1,
            ...(metByLaunch ? { satisfied: 1 } : {}),
            updated_at: now,
          })
          .where('id', '=', state.id)
          .execute();
      else
        await trx
          .insertInto('cmi5_au_states')
          .values({
            portal_id: portal.id,
            registration_id: row.id,
            au_id: au.id,
            launches: 1,
            satisfied: metByLaunch ? 1 : 0,
            updated_at: now,
          })
          .execute();
      settleAfterLaunch = { registration: row, enrollment, newlyMet: metByLaunch ? au : null };
    }
    await trx
      .deleteFrom('cmi5_sessions')
      .where('expires_at', '<', now)
      .where('registration_id', 'is', null)
      .execute();
    await trx
      .insertInto('cmi5_sessions')
      .values({
        portal_id: portal.id,
        cmi5_package_id: pkg.id,
        registration_id: registrationId,
        registration,
        session_id: sessionId,
        au_id: au.id,
        activity_id: activityId,
        actor: JSON.stringify(actor),
        content_token_hash: hashToken(contentToken),
        fetch_token_hash: hashToken(fetchToken),
        launched_at: now,
        expires_at: expiresAt,
      })
      .execute();
    const contextTemplate = {
      contextActivities: { grouping: [{ id: au.id, objectType: 'Activity' }] },
      extensions: { [`${EXTENSION}sessionid`]: sessionId },
    };
    const launchData: JsonObject = {
      contextTemplate,
      launchMode: 'Normal',
      launchMethod: au.launchMethod,
      moveOn: au.moveOn,
      returnURL: returnUrl,
      ...(au.masteryScore !== null ? { masteryScore: au.masteryScore } : {}),
      ...(au.launchParameters !== null ? { launchParameters: au.launchParameters } : {}),
      ...(au.entitlementKey !== null ? { entitlementKey: { courseStructure: au.entitlementKey } } : {}),
    };
    await saveDocument(
      trx,
      portal.id,
      { kind: 'state', subject: activityId, agentKey: actorKey, registration },
      LAUNCH_DATA,
      'application/json',
      Buffer.from(JSON.stringify(launchData)),
    );
    const base = au.external ? au.url : `${origin}${CMI5_CONTENT_PATH}/${contentToken}/${au.url}`;
    const launchUrl = `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams({
      endpoint: `${origin}/xapi/`,
      fetch: `${origin}${CMI5_FETCH_PATH}/${fetchToken}`,
      actor: JSON.stringify(actor),
      registration,
      activityId,
    }).toString()}`;
    await lmsStatements(trx, portal, [
      {
        actor,
        verb: { id: VERBS.launched, display: { 'en-US': 'launched' } },
        object: { objectType: 'Activity', id: activityId },
        context: cmi5Context(registration, sessionId, au, {
          [`${EXTENSION}launchmode`]: 'Normal',
          [`${EXTENSION}launchurl`]: base,
          [`${EXTENSION}moveon`]: au.moveOn,
          ...(au.launchParameters !== null ? { [`${EXTENSION}launchparameters`]: au.launchParameters } : {}),
        }),
        timestamp: now,
      },
    ]);
    // The object is in progress now; a course whose open AUs are all NotApplicable may be satisfied.
    if (settleAfterLaunch)
      await settle(trx, portal, { pkg, course, actor, sessionId, now, ...settleAfterLaunch });
    return {
      url: launchUrl,
      auId: au.id,
      registration,
      sessionId,
      launchMethod: au.launchMethod,
      tracked: registrationId !== null,
      expiresAt,
    };
  });
}

// ── Fetch URL ───────────────────────────────────────────────────────────────────────────────────

export type FetchAnswer = { 'auth-token': string } | { 'error-code': '1' | '2' | '3'; 'error-text': string };

/**
 * The fetch URL (cmi5 §8.2): the first POST gets a Basic credential for this session's learner
 * only, valid until the session expires; every later call gets an error.
 */
export async function fetchAuthToken(
  db: Kysely<Database>,
  scope: PortalScope,
  token: string,
): Promise<FetchAnswer> {
  const session = await db
    .selectFrom('cmi5_sessions')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('fetch_token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session || session.expires_at <= nowIso() || session.abandoned_at !== null)
    return { 'error-code': '2', 'error-text': 'This fetch URL is unknown or has expired.' };
  return db.transaction().execute(async (trx): Promise<FetchAnswer> => {
    const claimed = await trx
      .updateTable('cmi5_sessions')
      .set({ fetched_at: nowIso() })
      .where('id', '=', session.id)
      .where('fetched_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return { 'error-code': '1', 'error-text': 'This fetch URL has already been used.' };
    const credential = await createLaunchCredential(trx, scope, {
      name: `cmi5 session ${session.session_id}`,
      actorKey: agentKey(JSON.parse(session.actor)) as string,
      expiresAt: session.expires_at,
    });
    await trx
      .updateTable('cmi5_sessions')
      .set({ credential_id: credential.id })
      .where('id', '=', session.id)
      .execute();
    return {
      'auth-token': `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`,
    };
  });
}

/** The session a content path's token opens, with its package; undefined when unknown or expired. */
export async function findContentSession(
  db: Executor,
  token: string,
): Promise<{ session: Cmi5SessionRow; pkg: Cmi5PackageRow } | undefined> {
  const session = await db
    .selectFrom('cmi5_sessions')
    .selectAll()
    .where('content_token_hash', '=', hashToken(token))
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!session) return undefined;
  const pkg = await db
    .selectFrom('cmi5_packages')
    .selectAll()
    .where('id', '=', session.cmi5_package_id)
    .where('portal_id', '=', session.portal_id)
    .executeTakeFirst();
  return pkg ? { session, pkg } : undefined;
}

// ── The LMS's side of the AU's statements ───────────────────────────────────────────────────────

const scoreOf = (statement: JsonObject): number | null => {
  const result = statement['result'] as JsonObject | undefined;
  const score = result?.['score'] as JsonObject | undefined;
  const scaled = score?.['scaled'];
  if (typeof scaled === 'number') return Math.round(scaled * 100);
  const raw = score?.['raw'];
  const min = score?.['min'];
  const max = score?.['max'];
  if (typeof raw === 'number' && typeof max === 'number') {
    const low = typeof min === 'number' ? min : 0;
    return max > low ? Math.round(((raw - low) / (max - low)) * 100) : null;
  }
  return null;
};

/**
 * Reads what a launch's credential stored (cmi5 §9.3, §10): completed, passed and failed of its AU
 * in its registration update the AU's state; terminated ends the session and its credential. When
 * an AU's moveOn is met, its blocks and the course are evaluated: each newly satisfied one gets a
 * `satisfied` statement, and the satisfied course completes the learning object (with the mean
 * score of its scored AUs) through the same path as every other kind.
 */
export async function evaluateLaunchStatements(
  db: Kysely<Database>,
  portal: PortalContext,
  credentialId: number,
  statements: JsonObject[],
): Promise<void> {
  const session = await db
    .selectFrom('cmi5_sessions')
    .selectAll()
    .where('portal_id', '=', portal.id)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  if (!session) return;
  const mine = statements.filter((statement) => {
    const object = statement['object'] as JsonObject | undefined;
    const context = statement['context'] as JsonObject | undefined;
    return (
      object?.['id'] === session.activity_id &&
      String(context?.['registration'] ?? '').toLowerCase() === session.registration.toLowerCase()
    );
  });
  const verbs = mine.map((statement) => (statement['verb'] as JsonObject)['id'] as string);
  if (verbs.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (verbs.includes(VERBS.terminated)) {
      await trx
        .updateTable('cmi5_sessions')
        .set({ terminated_at: now })
        .where('id', '=', session.id)
        .execute();
      await expireLaunchCredential(trx, credentialId);
    }
    if (session.registration_id === null) return;
    const registration = await trx
      .selectFrom('cmi5_registrations')
      .selectAll()
      .where('id', '=', session.registration_id)
      .executeTakeFirst();
    const pkg = await trx
      .selectFrom('cmi5_packages')
      .selectAll()
      .where('id', '=', session.cmi5_package_id)
      .executeTakeFirst();
    if (!registration || !pkg) return;
    const state = await trx
      .selectFrom('cmi5_au_states')
      .selectAll()
      .where('registration_id', '=', registration.id)
      .where('au_id', '=', session.au_id)
      .executeTakeFirstOrThrow();
    const change: Partial<Pick<Cmi5AuStateRow, 'completed' | 'passed' | 'failed' | 'score'>> = {};
    for (const statement of mine) {
      const verb = (statement['verb'] as JsonObject)['id'];
      if (verb === VERBS.completed) change.completed = 1;
      if (verb === VERBS.passed) {
        change.passed = 1;
        change.score = scoreOf(statement) ?? change.score ?? state.score;
      }
      if (verb === VERBS.failed) {
        change.failed = 1;
        if (!state.passed && !change.passed) change.score = scoreOf(statement) ?? change.score ?? state.score;
      }
    }
    if (Object.keys(change).length === 0) return;
    const course = courseOf(pkg);
    const au = course.aus.find((entry) => entry.id === session.au_id);
    const updated = { ...state, ...change };
    const satisfiedNow = au ? moveOnMet(au.moveOn, updated) : false;
    await trx
      .updateTable('cmi5_au_states')
      .set({ ...change, satisfied: satisfiedNow || state.satisfied ? 1 : 0, updated_at: now })
      .where('id', '=', state.id)
      .execute();
    const enrollment = (await trx
      .selectFrom('enrollments')
      .selectAll()
      .where('id', '=', registration.enrollment_id)
      .executeTakeFirstOrThrow()) as InPortal<EnrollmentRow>;
    await settle(trx, portal, {
      pkg,
      course,
      registration,
      enrollment,
      actor: JSON.parse(session.actor) as JsonObject,
      sessionId: session.session_id,
      newlyMet: au && satisfiedNow && !state.satisfied ? au : null,
      now,
    });
  });
}

/**
 * After an AU's moveOn became met (or any AU state changed): `satisfied` for each block around
 * that AU whose AUs are now all met, and for the course once all its AUs are; the learning
 * object's progress (completed with the mean score once the course is satisfied, else in progress).
 */
async function settle(
  trx: Executor,
  portal: PortalContext,
  input: {
    pkg: Cmi5PackageRow;
    course: Cmi5Course;
    registration: Cmi5RegistrationRow;
    enrollment: InPortal<EnrollmentRow>;
    actor: JsonObject;
    sessionId: string;
    newlyMet: Cmi5Au | null;
    now: string;
  },
): Promise<void> {
  const { pkg, course, registration, enrollment, actor, sessionId, newlyMet, now } = input;
  const states = await auStatesOf(trx, portal.id, registration.id);
  const byAu = new Map(states.map((row) => [row.au_id, row]));
  const met = (entry: Cmi5Au) => moveOnMet(entry.moveOn, byAu.get(entry.id));
  // The block or course under the LMS's own id; the publisher's id goes into the grouping.
  const satisfied = (id: string) => ({
    actor,
    verb: { id: VERBS.satisfied, display: { 'en-US': 'satisfied' } },
    object: {
      objectType: 'Activity',
      id: lmsActivityId(portal, pkg.learning_object_id, id),
      definition: {
        type: 'https://w3id.org/xapi/cmi5/activitytype/' + (id === course.id ? 'course' : 'block'),
      },
    },
    context: {
      registration: registration.registration,
      contextActivities: {
        category: [{ id: CMI5_CATEGORY, objectType: 'Activity' }],
        grouping: [{ id, objectType: 'Activity' }],
      },
      extensions: { [`${EXTENSION}sessionid`]: sessionId },
    },
    timestamp: now,
  });
  // The blocks this AU sits in, newly satisfied by this change (their other AUs were already met).
  if (newlyMet) {
    const newly = newlyMet.blocks.filter((blockId) =>
      course.aus.filter((entry) => entry.blocks.includes(blockId)).every(met),
    );
    if (newly.length > 0) await lmsStatements(trx, portal, newly.map(satisfied));
  }
  const courseDone = course.aus.every(met);
  if (courseDone && registration.satisfied_at === null) {
    await trx
      .updateTable('cmi5_registrations')
      .set({ satisfied_at: now })
      .where('id', '=', registration.id)
      .execute();
    await lmsStatements(trx, portal, [satisfied(course.id)]);
  }
  const scores = course.aus.flatMap((entry) => {
    const score = byAu.get(entry.id)?.score;
    return score === null || score === undefined ? [] : [score];
  });
  const score =
    courseDone && scores.length > 0
      ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length)
      : undefined;
  await recordProgress(trx, enrollment, pkg.learning_object_id, {
    status: courseDone ? 'completed' : undefined,
    score,
  });
  if (courseDone) await completeEnrollmentIfDone(trx, portal, enrollment.id);
}
