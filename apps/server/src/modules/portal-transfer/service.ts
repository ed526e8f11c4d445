import { randomUUID } from 'node:crypto';
import { nowIso } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import type { PortalExportRow } from '../../db/schema-transfer';
import type { Services } from '../../context/services';
import { defineJob } from '../../jobs/job-definition';
import { Conflict, NotFound } from '../../domain/errors';
import { EXPORT_MAX_BYTES, writePortalExport } from './export';

export const PORTAL_EXPORT_JOB = 'portal_export';

/** An export of the portal, or NotFound (an export of another portal does not exist for the caller). */
export async function findExport(db: Executor, portalId: number, id: number): Promise<PortalExportRow> {
  const row = await db
    .selectFrom('portal_exports')
    .selectAll()
    .where('portal_id', '=', portalId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound({ code: 'NOT_FOUND', title: 'Not found', detail: 'There is no such export.' });
  return row;
}

/** The portal's exports, newest first. */
export async function listExports(db: Executor, portalId: number, limit: number): Promise<PortalExportRow[]> {
  return db
    .selectFrom('portal_exports')
    .selectAll()
    .where('portal_id', '=', portalId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Stores a queued export and hands it to the job queue. */
export async function startExport(
  services: Services,
  portalId: number,
  requestedBy: number,
): Promise<PortalExportRow> {
  const row = await services.db
    .insertInto('portal_exports')
    .values({ portal_id: portalId, requested_by: requestedBy, status: 'queued', created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
  await services.jobs.enqueue(PORTAL_EXPORT_JOB, { exportId: row.id });
  return row;
}

/** The finished zip of an export, to download. */
export async function exportFile(services: Services, row: PortalExportRow) {
  if (row.status !== 'completed' || !row.storage_key)
    throw new Conflict({
      code: 'EXPORT_NOT_READY',
      title: 'Not ready',
      detail: 'The export is not finished yet.',
    });
  const stored = await services.storage.read(row.storage_key);
  if (!stored)
    throw new NotFound({ code: 'FILE_MISSING', title: 'Not found', detail: 'The export file is missing.' });
  return stored;
}

async function runExport(services: Services, id: number): Promise<void> {
  const row = await services.db
    .selectFrom('portal_exports')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.status === 'completed' || row.status === 'failed') return;
  const key = `portal-${row.portal_id}/exports/${randomUUID()}.zip`;
  const setProgress = async (progress: number) => {
    await services.db.updateTable('portal_exports').set({ progress }).where('id', '=', id).execute();
  };
  await services.db
    .updateTable('portal_exports')
    .set({ status: 'running', progress: 0 })
    .where('id', '=', id)
    .execute();
  try {
    const result = await writePortalExport(
      services.db,
      services.dialect,
      services.storage,
      row.portal_id,
      (zip) => services.storage.write(key, zip, EXPORT_MAX_BYTES),
      setProgress,
    );
    await services.db
      .updateTable('portal_exports')
      .set({
        status: 'completed',
        progress: 100,
        storage_key: key,
        byte_size: result.byteSize,
        counts: JSON.stringify({ ...result.manifest.counts, files: result.manifest.files }),
        finished_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    await services.storage.remove(key).catch(() => undefined);
    await services.db
      .updateTable('portal_exports')
      .set({
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 2000) : String(error),
        finished_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  }
}

export const portalTransferJobs = [
  defineJob({
    name: PORTAL_EXPORT_JOB,
    // A failed export is reported on its row; the person asks for a new one.
    retry: { retryLimit: 0, expireInSeconds: 60 * 60 },
    async run(services, payload) {
      await runExport(services, Number(payload.exportId));
    },
  }),
];
