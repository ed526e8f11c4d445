/**
 * Account imports (a CSV of accounts, read by a background job): starting one and reading how far
 * it is.
 */
import { fetchData } from './document';

export type AccountImportMode = 'create' | 'update' | 'upsert';

export interface AccountImport {
  id: string;
  status: 'queued' | 'validating' | 'importing' | 'inviting' | 'failed' | 'completed';
  totalRows: number;
  rowsDone: number;
  createdCount: number;
  updatedCount: number;
  /** The bad lines of a failed import. */
  errors: Array<{ line: number; column: string | null; reason: string }>;
}

/** Sends the file (multipart) with the mode and the mapping of its columns onto account fields. */
export function startAccountImport(file: File, mode: AccountImportMode, mapping: Record<string, string>) {
  const body = new FormData();
  body.append('mode', mode);
  body.append('mapping', JSON.stringify(mapping));
  body.append('file', file);
  return fetchData<AccountImport>('/v1/account_imports', { method: 'POST', body });
}

/** One import as it stands now (read again and again while the job runs, so never cached). */
export function readAccountImport(id: string) {
  return fetchData<AccountImport>(`/v1/account_imports/${id}`);
}
