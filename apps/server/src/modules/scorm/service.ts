import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SCORM_SUSPEND_DATA_MAX_CHARS } from '@leerpad/core';
import type { ScormScoState, ScormVersion } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { EnrollmentRow, LearningObjectRow } from '../../db/schema-learning';
import type { ScormAttemptRow, ScormLaunchRow, ScormPackageRow } from '../../db/schema-scorm';
import { Invalid, NotFound } from '../../domain/errors';
import { hashToken } from '../../http/session';
import type { PortalContext } from '../../context/portal';
import type { FileStorage } from '../../storage/file-storage';
import { checkQuota } from '../files/service';
import type { StorageQuota } from '../files/service';
import { completeEnrollmentIfDone, recordProgress } from '../enrollments/service';
import type { ScormManifest } from './manifest';
import { newPackagePrefix, unpackPackage } from './package-zip';
import type { PackageFile } from './package-zip';
import { figuresOf, scoDone, startingCmi } from './runtime-data';
import type { FlatCmi } from './runtime-data';

/** How long a launch's content path stays valid. */
const LAUNCH_HOURS = 12;
export const CONTENT_PATH = '/scorm-content';

export const manifestOf = (row: ScormPackageRow) => JSON.parse(row.manifest) as ScormManifest;
export const filesOf = (row: ScormPackageRow) => JSON.parse(row.files) as PackageFile[];

export async function findPackage(
  db: Executor,
  scope: PortalScope,
  learningObjectId: number,
): Promise<ScormPackageRow | undefined> {
  return db
    .selectFrom('scorm_packages')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('learning_object_id', '=', learningObjectId)
    .executeTakeFirst();
}

export async function requirePackage(db: Executor, scope: PortalScope, object: LearningObjectRow) {
  const row = object.type === 'scorm' ? await findPackage(db, scope, object.id) : undefined;
  if (!row)
    throw new NotFound({
      code: 'SCORM_PACKAGE_MISSING',
      title: 'Not found',
      detail: 'This learning object has no SCORM package yet.',
    });
  return row;
}

export async function removePackageFiles(
  storage: FileStorage,
  row: Pick<ScormPackageRow, 'storage_prefix' | 'files'>,
) {
  const files = JSON.parse(row.files) as PackageFile[];
  await Promise.all(
    files.map((_, index) => storage.remove(`${row.storage_prefix}/${index}`).catch(() => undefined)),
  );
}

/**
 * Unpacks an uploaded zip as the package of a `scorm` object: checked, stored under a new prefix and
 * recorded in place of the previous version, whose files go after the commit. Learners' tracking is
 * keyed by the object and the SCO's identifier, so it carries over to the new version.
 */
export async function replacePackage(
  db: Kysely<Database>,
  storage: FileStorage,
  quota: StorageQuota,
  upload: {
    object: InPortal<LearningObjectRow>;
    accountId: number;
    zipPath: string;
    fileName: string;
  },
): Promise<ScormPackageRow> {
  const scope = upload.object.portal_id;
  const previous = await findPackage(db, scope, upload.object.id);
  // The old version's bytes are given back by the replacement.
  const reclaimed = previous?.byte_size ?? 0;
  const prefix = newPackagePrefix(scope);
  const { manifest, files, byteSize } = await unpackPackage(upload.zipPath, storage, prefix, (bytes) =>
    checkQuota(db, quota, scope, upload.accountId, Math.max(0, bytes - reclaimed)),
  );
  let row: ScormPackageRow;
  try {
    row = await db.transaction().execute(async (trx) => {
      await locks.storage(trx, scope);
      await checkQuota(trx, quota, scope, upload.accountId, Math.max(0, byteSize - reclaimed));
      await trx.deleteFrom('scorm_packages').where('learning_object_id', '=', upload.object.id).execute();
      const inserted = await trx
        .insertInto('scorm_packages')
        .values({
          portal_id: scope,
          learning_object_id: upload.object.id,
          account_id: upload.accountId,
          version: manifest.version,
          title: manifest.title.slice(0, 200),
          file_name: upload.fileName,
          storage_prefix: prefix,
          manifest: JSON.stringify(manifest),
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
    await removePackageFiles(storage, { storage_prefix: prefix, files: JSON.stringify(files) });
    throw error;
  }
  if (previous) await removePackageFiles(storage, previous);
  return row;
}

/** The learner's runtime data on each SCO of an object. */
export async function attemptsOf(
  db: Executor,
  scope: PortalScope,
  enrollmentId: number,
  learningObjectId: number,
): Promise<ScormAttemptRow[]> {
  return db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('enrollment_id', '=', enrollmentId)
    .where('learning_object_id', '=', learningObjectId)
    .orderBy('id')
    .execute();
}

export async function findAttempt(db: Executor, scope: PortalScope, id: number): Promise<ScormAttemptRow> {
  const row = await db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('SCORM attempt');
  return row;
}

/** A SCO's state for the table of contents. */
export function scoState(
  attempt: Pick<ScormAttemptRow, 'completion_status' | 'success_status'> | undefined,
): ScormScoState {
  if (!attempt) return 'not_attempted';
  if (attempt.success_status === 'passed') return 'passed';
  if (attempt.success_status === 'failed') return 'failed';
  if (attempt.completion_status === 'completed') return 'completed';
  if (attempt.completion_status === 'not attempted' || attempt.completion_status === 'unknown')
    return 'not_attempted';
  return 'incomplete';
}

export interface Launch {
  token: string;
  url: string;
  version: ScormVersion;
  scoIdentifier: string;
  cmi: FlatCmi;
  attempt: ScormAttemptRow | null;
  expiresAt: string;
}

/**
 * Starts a session on one SCO: the learner's attempt (made on first launch; the last session's
 * time moves into the total), the cmi the runtime starts from, and an unguessable content path
 * for the package's files. Staff who are not enrolled preview without tracking.
 */
export async function launchSco(
  db: Kysely<Database>,
  portal: PortalContext,
  pkg: ScormPackageRow,
  enrollment: InPortal<EnrollmentRow> | undefined,
  scoIdentifier: string,
  pointer: string,
  learner: { id: string; name: string } | null,
): Promise<Launch> {
  const manifest = manifestOf(pkg);
  const sco = manifest.scos.find((entry) => entry.identifier === scoIdentifier);
  if (!sco)
    throw new Invalid([
      {
        pointer,
        code: 'SCORM_UNKNOWN_SCO',
        detail: `This package has no SCO "${scoIdentifier}".`,
        meta: { identifier: scoIdentifier },
      },
    ]);
  const token = randomBytes(24).toString('base64url');
  const now = nowIso();
  const expiresAt = new Date(Date.now() + LAUNCH_HOURS * 3600_000).toISOString();
  return db.transaction().execute(async (trx) => {
    let attempt: ScormAttemptRow | null = null;
    let hadRecord = false;
    if (enrollment) {
      const existing = await trx
        .selectFrom('scorm_attempts')
        .selectAll()
        .where('enrollment_id', '=', enrollment.id)
        .where('learning_object_id', '=', pkg.learning_object_id)
        .where('sco_identifier', '=', sco.identifier)
        .executeTakeFirst();
      hadRecord = Boolean(existing && existing.completion_status !== 'not attempted');
      if (existing) {
        attempt = await trx
          .updateTable('scorm_attempts')
          .set({
            previous_seconds: existing.previous_seconds + existing.session_seconds,
            session_seconds: 0,
            launches: existing.launches + 1,
            updated_at: now,
          })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        attempt = await trx
          .insertInto('scorm_attempts')
          .values({
            portal_id: portal.id,
            enrollment_id: enrollment.id,
            learning_object_id: pkg.learning_object_id,
            sco_identifier: sco.identifier,
            launches: 1,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
    }
    await trx.deleteFrom('scorm_launches').where('expires_at', '<', now).execute();
    await trx
      .insertInto('scorm_launches')
      .values({
        portal_id: portal.id,
        token_hash: hashToken(token),
        scorm_package_id: pkg.id,
        attempt_id: attempt?.id ?? null,
        sco_identifier: sco.identifier,
        expires_at: expiresAt,
      })
      .execute();
    const version = pkg.version as ScormVersion;
    const stored = attempt ? (JSON.parse(attempt.cmi) as FlatCmi) : {};
    return {
      token,
      url: `${CONTENT_PATH}/${token}/${sco.launch}`,
      version,
      scoIdentifier: sco.identifier,
      cmi: startingCmi(version, stored, attempt?.previous_seconds ?? 0, hadRecord, attempt ? learner : null),
      attempt,
      expiresAt,
    };
  });
}

/** The launch a content path's token opens, with its package; undefined when unknown or expired. */
export async function findLaunch(
  db: Executor,
  token: string,
): Promise<{ launch: ScormLaunchRow; pkg: ScormPackageRow } | undefined> {
  const launch = await db
    .selectFrom('scorm_launches')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!launch) return undefined;
  const pkg = await db
    .selectFrom('scorm_packages')
    .selectAll()
    .where('id', '=', launch.scorm_package_id)
    .where('portal_id', '=', launch.portal_id)
    .executeTakeFirst();
  return pkg ? { launch, pkg } : undefined;
}

/**
 * Saves a SCO's runtime data (idempotent: the same cmi twice is the same row) and feeds the object's
 * progress through the same path as every other kind: in progress once started, completed with
 * the mean score of its SCOs once every SCO is done, and the course's completion after it.
 */
export async function saveAttempt(
  db: Kysely<Database>,
  portal: PortalContext,
  enrollment: InPortal<EnrollmentRow>,
  pkg: ScormPackageRow,
  attempt: ScormAttemptRow,
  cmi: FlatCmi,
  pointer: (attribute: string) => string,
): Promise<ScormAttemptRow> {
  const version = pkg.version as ScormVersion;
  const figures = figuresOf(version, cmi);
  if ((figures.suspend_data?.length ?? 0) > SCORM_SUSPEND_DATA_MAX_CHARS)
    throw new Invalid([
      {
        pointer: pointer('cmi'),
        code: 'SCORM_SUSPEND_DATA_TOO_LONG',
        detail: `suspend_data may hold at most ${SCORM_SUSPEND_DATA_MAX_CHARS} characters.`,
        meta: { limit: SCORM_SUSPEND_DATA_MAX_CHARS },
      },
    ]);
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('scorm_attempts')
      .set({
        cmi: JSON.stringify(cmi),
        completion_status: figures.completion_status,
        success_status: figures.success_status,
        score: figures.score,
        location: figures.location,
        suspend_data: figures.suspend_data,
        session_seconds: figures.session_seconds,
        updated_at: nowIso(),
      })
      .where('id', '=', attempt.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const manifest = manifestOf(pkg);
    const attempts = await attemptsOf(trx, portal.id, enrollment.id, pkg.learning_object_id);
    const byIdentifier = new Map(attempts.map((row) => [row.sco_identifier, row]));
    const scos = manifest.scos.map((sco) => byIdentifier.get(sco.identifier));
    const done = scos.every((row) => row && scoDone(row));
    const scores = scos.flatMap((row) =>
      row?.score === null || row?.score === undefined ? [] : [row.score],
    );
    const score =
      done && scores.length > 0 ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : undefined;
    await recordProgress(trx, enrollment, pkg.learning_object_id, {
      status: done ? 'completed' : undefined,
      score,
    });
    if (done) await completeEnrollmentIfDone(trx, portal, enrollment.id);
    return saved;
  });
}

/** The cmi a launch's runtime shim starts from: the learner's stored data, name and id. */
export async function runtimeStart(
  db: Executor,
  launch: ScormLaunchRow,
  pkg: ScormPackageRow,
): Promise<FlatCmi> {
  const attempt = launch.attempt_id
    ? await db
        .selectFrom('scorm_attempts')
        .innerJoin('enrollments', 'enrollments.id', 'scorm_attempts.enrollment_id')
        .innerJoin('accounts', 'accounts.id', 'enrollments.account_id')
        .select([
          'scorm_attempts.cmi',
          'scorm_attempts.previous_seconds',
          'scorm_attempts.completion_status',
          'accounts.id as account_id',
          'accounts.full_name',
        ])
        .where('scorm_attempts.id', '=', launch.attempt_id)
        .where('scorm_attempts.portal_id', '=', launch.portal_id)
        .executeTakeFirst()
    : undefined;
  return startingCmi(
    pkg.version as ScormVersion,
    attempt ? (JSON.parse(attempt.cmi) as FlatCmi) : {},
    attempt?.previous_seconds ?? 0,
    Boolean(attempt && attempt.completion_status !== 'not attempted'),
    attempt ? { id: String(attempt.account_id), name: attempt.full_name } : null,
  );
}
