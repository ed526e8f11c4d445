import { z } from 'zod';
import { onePageMeta } from '../../db/pages';
import type { Executor, InPortal } from '../../db/schema';
import type { AccountContext } from '../../context/account';
import type { Services } from '../../context/services';
import type { CertificationRow } from '../../db/schema-certifications';
import { buildDocument, listDocument, listQueryShape, pageFrom, resourceDocument } from '../../http/jsonapi';
import { enumListFilter, idListFilter } from '../../http/list-query';
import { readerLocale } from '../../http/locale';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo, relatedToMany } from '../../http/write-document';
import { signedOpenBadgeCredential, VC_JWT_MEDIA_TYPE } from './credentials';
import { PDF_LABELS, renderCertificatePdf } from './pdf';
import { logoPngOf } from '../portals/branding-files';
import {
  assignmentsOf,
  certificateViews,
  certificationFigures,
  findCertificateByCode,
  holderEmail,
  listCertificates,
  listCertifications,
} from './queries';
import { certificationPolicy } from './policy';
import { presentAssignment, presentCertificate, presentCertification, verifyUrl } from './presenter';
import {
  certificateResource,
  certificateVerificationResource,
  certificationAssignmentResource,
  certificationResource,
} from './schema';
import {
  assignCertification,
  CERTIFICATE_STATUSES,
  findCertificate,
  findCertification,
  localized,
  requiredCourses,
  revokeCertificate,
  saveCertification,
} from './service';
import { calendarDate } from '../../http/dates';

const LOCALE_KEY = z.enum(['en', 'nl', 'ro']);
const certificationBody = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).nullable().optional(),
  translations: z
    .partialRecord(
      LOCALE_KEY,
      z.object({
        name: z.string().trim().max(200).optional(),
        description: z.string().trim().max(5000).nullable().optional(),
      }),
    )
    .optional(),
  courses: relatedToMany('courses', 50).optional(),
  validity_months: z
    .number()
    .int('The validity is a whole number of months.')
    .min(1)
    .max(600)
    .nullable()
    .optional(),
  recertification_window_days: z.number().int().min(1).max(18_000).nullable().optional(),
  due_date: calendarDate.nullable().optional(),
};

const certificationFields = z.object(certificationBody);

async function certificationsDocument(
  db: Executor,
  portal: PortalContext,
  canManage: boolean,
  rows: CertificationRow[],
  options: { single: boolean; meta?: Record<string, unknown> },
) {
  const ids = rows.map((row) => row.id);
  const [courses, { holders, assignments }] = await Promise.all([
    requiredCourses(db, ids),
    certificationFigures(db, portal.id, ids),
  ]);
  const data = rows.map((row) =>
    presentCertification(
      row,
      {
        courseIds: courses.get(row.id) ?? [],
        holders: holders.get(row.id) ?? 0,
        assignments: assignments.get(row.id) ?? 0,
      },
      { update: canManage, assign: canManage },
    ),
  );
  return buildDocument(options.single ? (data[0] ?? null) : data, options.meta ? { meta: options.meta } : {});
}

/** Creates (no `current`) or changes a certification from its written shape, and presents it. */
async function saveAndPresent(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  current: InPortal<CertificationRow> | null,
  body: Partial<z.output<typeof certificationFields>>,
  pointer: (attribute: string) => string,
) {
  const { courses, ...rest } = body;
  const input = { ...rest, course_ids: courses };
  const row = await saveCertification(services.db, portal.id, account.id, current, input, pointer);
  return certificationsDocument(services.db, portal, true, [row], { single: true });
}

export const certificationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/certifications',
    summary: 'Certifications of the portal, by name (staff)',
    tags: ['certifications'],
    permission: 'manage:certification',
    response: listDocument(certificationResource),
    query: z.object({ ...listQueryShape }),
    async handler({ services, portal, query }) {
      const list = await listCertifications(services.db, portal.id, pageFrom(query));
      return certificationsDocument(services.db, portal, true, list.rows, { single: false, meta: list.meta });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/certifications',
    summary:
      'Define a certification: name and description (per language), required courses, validity in whole months, recertification window in days (within the validity), due date',
    tags: ['certifications'],
    permission: 'manage:certification',
    status: 201,
    response: resourceDocument(certificationResource),
    resourceType: 'certifications',
    body: certificationFields,
    async handler({ services, portal, account, body, pointer }) {
      return saveAndPresent(services, portal, account, null, body, pointer);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/certifications/:certification',
    summary: 'One certification (staff)',
    tags: ['certifications'],
    permission: 'manage:certification',
    response: resourceDocument(certificationResource),
    params: z.object({ certification: idParam }),
    async handler({ services, portal, params }) {
      const row = await findCertification(services.db, portal.id, params.certification);
      return certificationsDocument(services.db, portal, true, [row], { single: true });
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/certifications/:certification',
    summary: 'Change a certification (staff); the same rules as creating one',
    tags: ['certifications'],
    permission: 'manage:certification',
    response: resourceDocument(certificationResource),
    params: z.object({ certification: idParam }),
    resourceType: 'certifications',
    body: certificationFields.partial(),
    async handler({ services, portal, account, params, body, pointer }) {
      const current = await findCertification(services.db, portal.id, params.certification);
      return saveAndPresent(services, portal, account, current, body, pointer);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/certifications/:certification/assignments',
    summary: 'Who a certification is assigned to: accounts, and courses whose enrolled students all get it',
    tags: ['certifications'],
    permission: 'manage:certification',
    response: listDocument(certificationAssignmentResource),
    params: z.object({ certification: idParam }),
    async handler({ services, portal, params }) {
      const certification = await findCertification(services.db, portal.id, params.certification);
      const rows = await assignmentsOf(services.db, certification);
      return buildDocument(rows.map(presentAssignment), { meta: onePageMeta(rows.length) });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/certifications/:certification/assignments',
    summary:
      'Assign a certification to an account, to several (accounts), or to everyone enrolled in a course, with an optional due date',
    tags: ['certifications'],
    permission: 'manage:certification',
    response: listDocument(certificationAssignmentResource),
    params: z.object({ certification: idParam }),
    resourceType: 'certification_assignments',
    // An assignment is read with one account or one course; `accounts` makes one assignment per
    // account in one request (decision 050).
    body: z.object({
      account: relatedTo('accounts').nullable().optional(),
      accounts: relatedToMany('accounts', 500).optional(),
      course: relatedTo('courses').nullable().optional(),
      due_date: calendarDate.nullable().optional(),
    }),
    async handler({ services, portal, account, params, body, pointer }) {
      const certification = await findCertification(services.db, portal.id, params.certification);
      const accounts = [
        ...(body.account ? [{ id: body.account, path: 'account' }] : []),
        ...(body.accounts ?? []).map((id, index) => ({ id, path: `accounts/${index}` })),
      ];
      const rows = await assignCertification(
        services.db,
        certification,
        account.id,
        { accounts, course_id: body.course ?? null, due_date: body.due_date },
        pointer,
      );
      return buildDocument(rows.map(presentAssignment), { meta: onePageMeta(rows.length) });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/certificates',
    summary:
      'Certificates: my own, or every holder of the portal for staff (filter by certification, status, holder); newest first',
    tags: ['certifications'],
    permission: 'signed-in',
    response: listDocument(certificateResource),
    query: z.object({
      ...listQueryShape,
      'filter[certification]': idListFilter.optional(),
      'filter[status]': enumListFilter(CERTIFICATE_STATUSES).optional(),
      'filter[holder]': idListFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const list = await listCertificates(
        services.db,
        portal.id,
        {
          holderId: certificationPolicy.canSeeAll(account, portal) ? undefined : account.id,
          certificationIds: query['filter[certification]'],
          statuses: query['filter[status]'],
          holderIds: query['filter[holder]'],
        },
        pageFrom(query),
      );
      const views = await certificateViews(services.db, portal.id, list.rows, readerLocale(account, portal));
      const revoke = certificationPolicy.canManage(account, portal);
      return buildDocument(
        views.map((view) =>
          presentCertificate(view.row, { ...view, baseUrl: portal.row.base_url }, { revoke }),
        ),
        { meta: list.meta },
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/certificates/:certificate',
    summary: 'One certificate (its holder, or staff)',
    tags: ['certifications'],
    permission: 'signed-in',
    response: resourceDocument(certificateResource),
    params: z.object({ certificate: idParam }),
    async handler({ services, portal, account, params }) {
      const row = await findCertificate(services.db, portal.id, params.certificate);
      certificationPolicy.authorizeRead(account, portal, row);
      const [view] = await certificateViews(services.db, portal.id, [row], readerLocale(account, portal));
      return buildDocument(
        presentCertificate(
          row,
          { ...view!, baseUrl: portal.row.base_url },
          {
            revoke: certificationPolicy.canManage(account, portal),
          },
        ),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/certificates/:certificate/pdf',
    summary:
      'The certificate as a PDF: portal branding, holder, certification, dates, code and a QR code to its verify page',
    tags: ['certifications'],
    permission: 'signed-in',
    response: 'file',
    params: z.object({ certificate: idParam }),
    async handler({ services, portal, account, params, reply }) {
      const row = await findCertificate(services.db, portal.id, params.certificate);
      certificationPolicy.authorizeRead(account, portal, row);
      const locale = readerLocale(account, portal);
      const [view] = await certificateViews(services.db, portal.id, [row], locale);
      const date = (iso: string) =>
        new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
      const pdf = await renderCertificatePdf({
        portalName: portal.name,
        brandColor: portal.row.primary_color,
        logo: await logoPngOf(services.storage, portal),
        holderName: view!.holder,
        certificationName: view!.certification,
        code: row.code,
        status: row.status,
        verifyUrl: verifyUrl(portal.row.base_url, row.code),
        labels: PDF_LABELS[locale] ?? PDF_LABELS.en!,
        issuedOn: date(row.issued_at),
        expiresOn: row.expires_at ? date(row.expires_at) : null,
      });
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('content-disposition', `inline; filename="certificate-${row.code}.pdf"`)
        .header('cache-control', 'private, no-store');
      return pdf as unknown as Record<string, unknown>;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/certificates/:certificate/credential',
    summary:
      "The certificate as an Open Badges 3.0 OpenBadgeCredential, signed as a VC-JWT (application/vc+jwt) with the portal's key (public at /.well-known/jwks.json); revocation through the portal's status list at /credentials/status-list",
    tags: ['certifications'],
    permission: 'signed-in',
    response: 'file',
    params: z.object({ certificate: idParam }),
    async handler({ services, portal, account, params, reply }) {
      const row = await findCertificate(services.db, portal.id, params.certificate);
      certificationPolicy.authorizeRead(account, portal, row);
      const locale = readerLocale(account, portal);
      const [certification, holder] = await Promise.all([
        findCertification(services.db, portal.id, row.certification_id),
        holderEmail(services.db, row),
      ]);
      const text = localized(certification, locale);
      const jwt = await signedOpenBadgeCredential(services.db, portal.id, {
        certificate: row,
        certification,
        certificationName: text.name,
        certificationDescription: text.description,
        holderEmail: holder,
        portalName: portal.name,
        baseUrl: portal.row.base_url,
        verifyUrl: verifyUrl(portal.row.base_url, row.code),
      });
      reply
        .header('content-type', VC_JWT_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="certificate-${row.code}.jwt"`)
        .header('cache-control', 'private, no-store');
      return Buffer.from(jwt) as unknown as Record<string, unknown>;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/certificates/:certificate/revocation',
    summary: 'Revoke a certificate with a reason (staff); its verify page and credential say so from then on',
    tags: ['certifications'],
    permission: 'manage:certification',
    response: resourceDocument(certificateResource),
    params: z.object({ certificate: idParam }),
    resourceType: 'revocations',
    body: z.object({ reason: z.string().trim().min(1).max(1000) }),
    async handler({ services, portal, account, params, body }) {
      const row = await findCertificate(services.db, portal.id, params.certificate);
      const revoked = await revokeCertificate(services.db, row, account.id, body.reason);
      const [view] = await certificateViews(services.db, portal.id, [revoked], readerLocale(account, portal));
      return buildDocument(
        presentCertificate(revoked, { ...view!, baseUrl: portal.row.base_url }, { revoke: true }),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/verify/:code',
    summary:
      "Verify a certificate by its code (public): valid, expired or revoked, the holder's name, the certification, dates and the issuing portal",
    tags: ['certifications'],
    permission: 'public',
    response: resourceDocument(certificateVerificationResource),
    params: z.object({ code: z.string().min(1).max(40) }),
    async handler({ services, portal, params }) {
      const row = await findCertificateByCode(services.db, portal.id, params.code);
      const [view] = await certificateViews(services.db, portal.id, [row], readerLocale(null, portal));
      return buildDocument({
        type: 'certificate_verifications',
        id: row.code,
        attributes: {
          status: row.status as (typeof CERTIFICATE_STATUSES)[number],
          holder_name: view!.holder,
          certification_name: view!.certification,
          issued_at: row.issued_at,
          expires_at: row.expires_at,
          revoked_at: row.revoked_at,
          portal_name: portal.name,
        },
      });
    },
  }),
];
