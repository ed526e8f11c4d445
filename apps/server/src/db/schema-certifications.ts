import type { Generated, Selectable } from 'kysely';

/**
 * Table shapes of certifications and certificates (migration 20261125170000_certifications). Same
 * conventions as schema.ts: timestamps ISO-8601 text, JSON documents stored as text.
 */
export interface CertificationsTable {
  id: Generated<number>;
  portal_id: number;
  name: string;
  description: string | null;
  /** JSON: { [locale]: { name, description } } */
  translations: Generated<string>;
  validity_months: number | null;
  recertification_window_days: number | null;
  /** A calendar date (YYYY-MM-DD) by which assigned people should hold the certificate. */
  due_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface CertificationCoursesTable {
  id: Generated<number>;
  certification_id: number;
  course_id: number;
}

export interface CertificationAssignmentsTable {
  id: Generated<number>;
  portal_id: number;
  certification_id: number;
  account_id: number | null;
  course_id: number | null;
  due_date: string | null;
  created_by: number | null;
  created_at: string;
}

export interface CertificatesTable {
  id: Generated<number>;
  portal_id: number;
  certification_id: number;
  account_id: number;
  cycle: number;
  code: string;
  status: string;
  issued_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  revoked_by: number | null;
  revocation_reason: string | null;
}

export interface CertificationRemindersTable {
  id: Generated<number>;
  portal_id: number;
  kind: string;
  subject_id: number;
  account_id: number;
  sent_at: string;
}

export interface PortalSigningKeysTable {
  id: Generated<number>;
  portal_id: number;
  kid: string;
  public_jwk: string;
  private_jwk: string;
  created_at: string;
}

/**
 * The facts behind a cell of the qualifications report (migration 20261130090000_qualification_cells),
 * kept by triggers; the report derives the status from them and the clock (decision 045).
 */
export interface QualificationCellsTable {
  portal_id: number;
  account_id: number;
  certification_id: number;
  /** 1: a valid certificate without an expiry. */
  valid_open: number;
  /** The latest expiry of the valid certificates that have one. */
  valid_until: string | null;
  /** 1: a certificate marked expired. */
  lapsed: number;
  /** The latest expiry of the certificates marked expired. */
  lapsed_at: string | null;
  /** 1: assigned to the person or to a course they are enrolled in. */
  assigned: number;
  /** The earliest due date of those assignments (YYYY-MM-DD). */
  due_date: string | null;
  /** Enrolments in required courses. */
  enrolled: number;
  /** Share of the required courses completed, 0–100. */
  percent: number;
}

export interface CertificationTables {
  certifications: CertificationsTable;
  certification_courses: CertificationCoursesTable;
  certification_assignments: CertificationAssignmentsTable;
  certificates: CertificatesTable;
  certification_reminders: CertificationRemindersTable;
  portal_signing_keys: PortalSigningKeysTable;
  qualification_cells: QualificationCellsTable;
}

export type CertificationRow = Selectable<CertificationsTable>;
export type CertificationAssignmentRow = Selectable<CertificationAssignmentsTable>;
export type CertificateRow = Selectable<CertificatesTable>;
