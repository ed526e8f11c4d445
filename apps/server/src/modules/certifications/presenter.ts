import type {
  CertificateRow,
  CertificationAssignmentRow,
  CertificationRow,
} from '../../db/schema-certifications';
import { identifier, identifiers } from '../../http/jsonapi';
import type { CertificateResource, CertificationResource } from './schema';
import { parseTranslations } from './service';
import type { CertificateStatus } from './service';

export function presentCertification(
  row: CertificationRow,
  extra: { courseIds: number[]; holders: number; assignments: number },
  abilities: { update: boolean; assign: boolean },
): CertificationResource {
  return {
    type: 'certifications',
    id: String(row.id),
    attributes: {
      name: row.name,
      description: row.description,
      translations: parseTranslations(row.translations),
      validity_months: row.validity_months,
      recertification_window_days: row.recertification_window_days,
      due_date: row.due_date,
      holders_count: extra.holders,
      assignments_count: extra.assignments,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { courses: { data: identifiers('courses', extra.courseIds) } },
    meta: { abilities },
  };
}

export function presentAssignment(row: CertificationAssignmentRow) {
  return {
    type: 'certification_assignments' as const,
    id: String(row.id),
    attributes: { due_date: row.due_date, created_at: row.created_at },
    relationships: {
      certification: { data: identifier('certifications', row.certification_id) },
      account: { data: identifier('accounts', row.account_id) },
      course: { data: identifier('courses', row.course_id) },
    },
  };
}

/** The public verify page of a certificate, on the portal's own address. */
export const verifyUrl = (baseUrl: string, code: string) =>
  `${baseUrl.replace(/\/+$/, '')}/verify/${encodeURIComponent(code)}`;

export function presentCertificate(
  row: CertificateRow,
  names: { certification: string; holder: string; baseUrl: string },
  abilities: { revoke: boolean },
): CertificateResource {
  return {
    type: 'certificates',
    id: String(row.id),
    attributes: {
      code: row.code,
      status: row.status as CertificateStatus,
      certification_name: names.certification,
      holder_name: names.holder,
      issued_at: row.issued_at,
      expires_at: row.expires_at,
      revoked_at: row.revoked_at,
      revocation_reason: row.revocation_reason,
      verify_url: verifyUrl(names.baseUrl, row.code),
    },
    relationships: {
      certification: { data: identifier('certifications', row.certification_id) },
      holder: { data: identifier('accounts', row.account_id) },
    },
    meta: { abilities },
  };
}
