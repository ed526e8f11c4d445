import { z } from 'zod';
import { abilitiesMeta, resourceSchema, timestamp, toMany, toOne } from '../../http/jsonapi';
import { CERTIFICATE_STATUSES } from './service';

const translation = z.object({ name: z.string().optional(), description: z.string().nullable().optional() });

export const certificationResource = resourceSchema('Certification', 'certifications', {
  attributes: z.object({
    name: z.string(),
    description: z.string().nullable(),
    /** Name and description per portal language. */
    translations: z.record(z.string(), translation),
    validity_months: z.number().int().nullable(),
    recertification_window_days: z.number().int().nullable(),
    due_date: z.string().nullable(),
    holders_count: z.number().int(),
    assignments_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({ courses: toMany('courses') }),
  meta: abilitiesMeta(['update', 'assign']),
});
export type CertificationResource = z.infer<typeof certificationResource>;

export const certificationAssignmentResource = resourceSchema(
  'CertificationAssignment',
  'certification_assignments',
  {
    attributes: z.object({ due_date: z.string().nullable(), created_at: timestamp }),
    relationships: z.object({
      certification: toOne('certifications'),
      account: toOne('accounts'),
      course: toOne('courses'),
    }),
  },
);

export const certificateResource = resourceSchema('Certificate', 'certificates', {
  attributes: z.object({
    code: z.string(),
    status: z.enum(CERTIFICATE_STATUSES),
    certification_name: z.string(),
    holder_name: z.string(),
    issued_at: timestamp,
    expires_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    revocation_reason: z.string().nullable(),
    /** The public page that tells anyone whether the certificate holds. */
    verify_url: z.string(),
  }),
  relationships: z.object({ certification: toOne('certifications'), holder: toOne('accounts') }),
  meta: abilitiesMeta(['revoke']),
});
export type CertificateResource = z.infer<typeof certificateResource>;

/** What the public verify page shows: nothing beyond status, holder, certification, dates, portal. */
export const certificateVerificationResource = resourceSchema(
  'CertificateVerification',
  'certificate_verifications',
  {
    attributes: z.object({
      status: z.enum(CERTIFICATE_STATUSES),
      holder_name: z.string(),
      certification_name: z.string(),
      issued_at: timestamp,
      expires_at: timestamp.nullable(),
      revoked_at: timestamp.nullable(),
      portal_name: z.string(),
    }),
  },
);
