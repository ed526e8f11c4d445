import type { Generated, Selectable } from 'kysely';

/** The package a `scorm` learning object plays (decision 064). */
export interface ScormPackagesTable {
  id: Generated<number>;
  portal_id: number;
  learning_object_id: number;
  account_id: number | null;
  version: string;
  title: string;
  file_name: string;
  storage_prefix: string;
  /** JSON: ScormManifest (modules/scorm/manifest.ts). */
  manifest: string;
  /** JSON: [{path, size, type}], stored under `<storage_prefix>/<index>`. */
  files: string;
  byte_size: number;
  created_at: string;
}

/** One learner's runtime data on one SCO, kept across package versions. */
export interface ScormAttemptsTable {
  id: Generated<number>;
  portal_id: number;
  enrollment_id: number;
  learning_object_id: number;
  sco_identifier: string;
  /** JSON: the flattened cmi. */
  cmi: Generated<string>;
  completion_status: Generated<string>;
  success_status: Generated<string>;
  score: number | null;
  location: string | null;
  suspend_data: string | null;
  session_seconds: Generated<number>;
  previous_seconds: Generated<number>;
  launches: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A launch of one SCO: its unguessable path serves the package's files until it expires. */
export interface ScormLaunchesTable {
  id: Generated<number>;
  portal_id: number;
  token_hash: string;
  scorm_package_id: number;
  attempt_id: number | null;
  sco_identifier: string;
  expires_at: string;
}

export interface ScormTables {
  scorm_packages: ScormPackagesTable;
  scorm_attempts: ScormAttemptsTable;
  scorm_launches: ScormLaunchesTable;
}

export type ScormPackageRow = Selectable<ScormPackagesTable>;
export type ScormAttemptRow = Selectable<ScormAttemptsTable>;
export type ScormLaunchRow = Selectable<ScormLaunchesTable>;
