/** What the certification screens read: lists, figures and the names a certificate is shown with. */
import { pagedList, type PageRequest } from '../../db/pages';
import type { Executor, InPortal, PortalScope } from '../../db/schema';
import type { CertificateRow, CertificationRow } from '../../db/schema-certifications';
import { NotFound } from '../../domain/errors';
import { localized, type CertificateStatus } from './service';

/** Certifications of the portal, by name. */
export function listCertifications(db: Executor, scope: PortalScope, page: PageRequest) {
  const filtered = db.selectFrom('certifications').where('portal_id', '=', scope);
  return pagedList(filtered, filtered.selectAll().orderBy('name').orderBy('id'), page);
}

/** How many hold each certification (valid certificates) and how many assignments it has. */
export async function certificationFigures(db: Executor, scope: PortalScope, certificationIds: number[]) {
  const count = async (table: 'certificates' | 'certification_assignments') => {
    const map = new Map<number, number>();
    if (certificationIds.length === 0) return map;
    let query = db
      .selectFrom(table)
      .select(['certification_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('portal_id', '=', scope)
      .where('certification_id', 'in', certificationIds);
    if (table === 'certificates') query = query.where('status', '=', 'valid');
    for (const row of await query.groupBy('certification_id').execute())
      map.set(row.certification_id, Number(row.n));
    return map;
  };
  const [holders, assignments] = await Promise.all([
    count('certificates'),
    count('certification_assignments'),
  ]);
  return { holders, assignments };
}

/** Who a certification is assigned to, in the order of assigning. */
export function assignmentsOf(db: Executor, certification: CertificationRow) {
  return db
    .selectFrom('certification_assignments')
    .selectAll()
    .where('certification_id', '=', certification.id)
    .orderBy('id')
    .execute();
}

/** Certificates of the portal (only `holderId`'s when given), newest first. */
export function listCertificates(
  db: Executor,
  scope: PortalScope,
  filters: {
    holderId?: number;
    certificationIds?: number[];
    statuses?: CertificateStatus[];
    holderIds?: number[];
  },
  page: PageRequest,
) {
  let filtered = db.selectFrom('certificates').where('portal_id', '=', scope);
  if (filters.holderId !== undefined) filtered = filtered.where('account_id', '=', filters.holderId);
  if (filters.certificationIds) filtered = filtered.where('certification_id', 'in', filters.certificationIds);
  if (filters.statuses) filtered = filtered.where('status', 'in', filters.statuses);
  if (filters.holderIds) filtered = filtered.where('account_id', 'in', filters.holderIds);
  return pagedList(filtered, filtered.selectAll().orderBy('issued_at', 'desc').orderBy('id', 'desc'), page);
}

/** A certificate by the code printed on it (any case), or 404. */
export async function findCertificateByCode(db: Executor, scope: PortalScope, code: string) {
  const row = await db
    .selectFrom('certificates')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('code', '=', code.toUpperCase())
    .executeTakeFirst();
  if (!row) throw new NotFound('certificate');
  return row;
}

/** The e-mail address of a certificate's holder. */
export async function holderEmail(db: Executor, certificate: InPortal<CertificateRow>): Promise<string> {
  const holder = await db
    .selectFrom('accounts')
    .select('email')
    .where('portal_id', '=', certificate.portal_id)
    .where('id', '=', certificate.account_id)
    .executeTakeFirstOrThrow();
  return holder.email;
}

/** Certificates with the certification's name in the reader's language and the holder's name. */
export async function certificateViews(
  db: Executor,
  scope: PortalScope,
  rows: CertificateRow[],
  locale: string,
) {
  const certificationIds = [...new Set(rows.map((row) => row.certification_id))];
  const accountIds = [...new Set(rows.map((row) => row.account_id))];
  const [certifications, accounts] = await Promise.all([
    certificationIds.length === 0
      ? []
      : db
          .selectFrom('certifications')
          .selectAll()
          .where('portal_id', '=', scope)
          .where('id', 'in', certificationIds)
          .execute(),
    accountIds.length === 0
      ? []
      : db
          .selectFrom('accounts')
          .select(['id', 'full_name'])
          .where('portal_id', '=', scope)
          .where('id', 'in', accountIds)
          .execute(),
  ]);
  const certificationName = new Map(certifications.map((row) => [row.id, localized(row, locale).name]));
  const holderName = new Map(accounts.map((row) => [row.id, row.full_name]));
  return rows.map((row) => ({
    row,
    certification: certificationName.get(row.certification_id) ?? '',
    holder: holderName.get(row.account_id) ?? '',
  }));
}
