import type { Generated, Selectable } from 'kysely';

/** The course structure a `cmi5` learning object plays (decision 068). */
export interface Cmi5PackagesTable {
  id: Generated<number>;
  portal_id: number;
  learning_object_id: number;
  account_id: number | null;
  title: string;
  file_name: string;
  /** Empty when only cmi5.xml came (every AU at an external address). */
  storage_prefix: string;
  /** JSON: Cmi5Course (modules/cmi5/course-structure.ts). */
  course: string;
  /** JSON: [{path, size, type}], stored under `<storage_prefix>/<index>`. */
  files: string;
  byte_size: number;
  created_at: string;
}

/** A learner's registration in a cmi5 course: one UUID for every launch of its AUs. */
export interface Cmi5RegistrationsTable {
  id: Generated<number>;
  portal_id: number;
  enrollment_id: number;
  learning_object_id: number;
  registration: string;
  satisfied_at: string | null;
  created_at: string;
}

/** What the LMS knows of one AU in a registration, from the AU's statements. */
export interface Cmi5AuStatesTable {
  id: Generated<number>;
  portal_id: number;
  registration_id: number;
  au_id: string;
  completed: Generated<number>;
  passed: Generated<number>;
  failed: Generated<number>;
  satisfied: Generated<number>;
  score: number | null;
  launches: Generated<number>;
  updated_at: string;
}

/** One launch of an AU: its content path, its one-time fetch URL and the LRS credential fetched. */
export interface Cmi5SessionsTable {
  id: Generated<number>;
  portal_id: number;
  cmi5_package_id: number;
  registration_id: number | null;
  registration: string;
  session_id: string;
  au_id: string;
  /** The LMS's activity id of the AU (the publisher's id is `au_id`). */
  activity_id: string;
  /** JSON: the learner as an xAPI Agent. */
  actor: string;
  content_token_hash: string;
  fetch_token_hash: string;
  fetched_at: string | null;
  credential_id: number | null;
  launched_at: string;
  terminated_at: string | null;
  abandoned_at: string | null;
  expires_at: string;
}

export interface Cmi5Tables {
  cmi5_packages: Cmi5PackagesTable;
  cmi5_registrations: Cmi5RegistrationsTable;
  cmi5_au_states: Cmi5AuStatesTable;
  cmi5_sessions: Cmi5SessionsTable;
}

export type Cmi5PackageRow = Selectable<Cmi5PackagesTable>;
export type Cmi5RegistrationRow = Selectable<Cmi5RegistrationsTable>;
export type Cmi5AuStateRow = Selectable<Cmi5AuStatesTable>;
export type Cmi5SessionRow = Selectable<Cmi5SessionsTable>;
