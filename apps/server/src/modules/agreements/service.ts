import { formatCsv } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { AgreementRow } from '../../db/schema-support';
import { Conflict, Invalid, NotFound } from '../../domain/errors';
import type { PageRequest } from '../../db/pages';
import { recordAudit } from '../audit/service';
import { sanitizeRichText } from '../course-content/rich-text';
import { iso } from './presenter';
import type { AgreementAcceptanceResource } from './schema';

interface Actor {
  accountId: number;
  actingForId?: number | null;
  ip: string | null;
}

export async function currentVersion(db: Executor, scope: PortalScope): Promise<number | null> {
  const row = await db
    .selectFrom('agreements')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('portal_id', '=', scope)
    .executeTakeFirst();
  return row?.version == null ? null : Number(row.version);
}

export async function listAgreements(db: Executor, scope: PortalScope) {
  const rows = await db
    .selectFrom('agreements')
    .selectAll()
    .where('portal_id', '=', scope)
    .orderBy('version', 'desc')
    .orderBy('language')
    .execute();
  return { rows, current: rows[0]?.version ?? null };
}

/**
 * Publishes terms: a new version (the next number), or another language's text of the newest
 * version (`newVersion: false`), which does not ask anyone to accept again.
 */
export async function publishAgreement(
  db: Executor,
  scope: PortalScope,
  input: { title: string; body: string; language: string; newVersion: boolean },
  actor: Actor,
): Promise<{ row: AgreementRow; current: number }> {
  return db.transaction().execute(async (trx) => {
    const latest = await currentVersion(trx, scope);
    if (!input.newVersion && latest === null)
      throw new Invalid([
        {
          pointer: '/new_version',
          detail: 'There is no version yet to add a language to; publish a new version.',
          code: 'NO_AGREEMENT_VERSION',
        },
      ]);
    const version = input.newVersion ? (latest ?? 0) + 1 : latest!;
    const values = {
      title: input.title,
      body: sanitizeRichText(input.body),
      author_id: actor.actingForId ? null : actor.accountId,
      published_at: nowIso(),
    };
    const row = await trx
      .insertInto('agreements')
      .values({ portal_id: scope, version, language: input.language, ...values })
      .onConflict((conflict) => conflict.columns(['portal_id', 'version', 'language']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      actingForId: actor.actingForId ?? null,
      action: input.newVersion ? 'agreement.published' : 'agreement.translated',
      entityType: 'agreement',
      entityId: row.id,
      details: { version, language: input.language },
      ip: actor.ip,
    });
    return { row, current: version };
  });
}

/** The newest version's text in the reader's language (account → portal primary → en → any). */
export async function currentAgreementFor(
  db: Executor,
  scope: PortalScope,
  reader: { id: number; locale: string | null },
) {
  const version = await currentVersion(db, scope);
  if (version === null) return null;
  const texts = await db
    .selectFrom('agreements')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('version', '=', version)
    .execute();
  const primary = await db
    .selectFrom('portal_languages')
    .select('locale')
    .where('portal_id', '=', scope)
    .where('is_primary', '=', 1)
    .executeTakeFirst();
  const preference = [reader.locale, primary?.locale, 'en'];
  const text =
    preference.map((locale) => texts.find((row) => row.language === locale)).find(Boolean) ?? texts[0]!;
  return { text, version, ...(await pendingFor(db, scope, reader.id, version)) };
}

/**
 * Whether the account still has to accept the newest terms: it has not accepted that version, it
 * existed before the version was published (an account made later signed up under these terms),
 * and it signed in since the version was published (terms are asked for at the next sign-in, so a
 * session that began before publishing goes on undisturbed).
 */
async function pendingFor(db: Executor, scope: PortalScope, accountId: number, version: number) {
  const accepted = await db
    .selectFrom('agreement_acceptances')
    .select('accepted_at')
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (accepted) return { pending: false, acceptedAt: iso(accepted.accepted_at) };
  const published = await db
    .selectFrom('agreements')
    .select((eb) => eb.fn.min('published_at').as('published_at'))
    .where('portal_id', '=', scope)
    .where('version', '=', version)
    .executeTakeFirst();
  const account = await db
    .selectFrom('accounts')
    .select('created_at')
    .where('id', '=', accountId)
    .executeTakeFirst();
  const session = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('created_at').as('created_at'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  const publishedAt = published?.published_at ? new Date(published.published_at) : null;
  const signedInAt = session?.created_at ? new Date(session.created_at) : null;
  const pending =
    !account ||
    !publishedAt ||
    (new Date(account.created_at) <= publishedAt && (signedInAt === null || signedInAt >= publishedAt));
  return { pending, acceptedAt: null };
}

/** Accepts a text of the newest version, once (a second acceptance keeps the first time). */
export async function acceptAgreement(
  db: Executor,
  scope: PortalScope,
  agreementId: number,
  account: { id: number },
  ip: string | null,
) {
  const row = await db
    .selectFrom('agreements')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', agreementId)
    .executeTakeFirst();
  if (!row) throw new NotFound('agreement');
  const latest = await currentVersion(db, scope);
  if (row.version !== latest)
    throw new Conflict({
      code: 'AGREEMENT_SUPERSEDED',
      title: 'Superseded',
      detail: 'A newer version of these terms was published; accept that one.',
    });
  await db
    .insertInto('agreement_acceptances')
    .values({
      portal_id: scope,
      agreement_id: row.id,
      version: row.version,
      account_id: account.id,
      accepted_at: nowIso(),
      ip,
    })
    .onConflict((conflict) => conflict.columns(['portal_id', 'version', 'account_id']).doNothing())
    .execute();
  return row;
}

function acceptanceQuery(db: Executor, scope: PortalScope, version: number | null) {
  let query = db
    .selectFrom('agreement_acceptances')
    .innerJoin('accounts', 'accounts.id', 'agreement_acceptances.account_id')
    .innerJoin('agreements', 'agreements.id', 'agreement_acceptances.agreement_id')
    .where('agreement_acceptances.portal_id', '=', scope);
  if (version !== null) query = query.where('agreement_acceptances.version', '=', version);
  return query;
}

export async function listAcceptances(
  db: Executor,
  scope: PortalScope,
  version: number | null,
  page: PageRequest | null,
) {
  let query = acceptanceQuery(db, scope, version)
    .select([
      'agreement_acceptances.id',
      'agreement_acceptances.agreement_id',
      'agreement_acceptances.version',
      'agreements.language',
      'agreement_acceptances.account_id',
      'accounts.full_name',
      'accounts.email',
      'agreement_acceptances.accepted_at',
      'agreement_acceptances.ip',
    ])
    .orderBy('agreement_acceptances.accepted_at', 'desc')
    .orderBy('agreement_acceptances.id', 'desc');
  if (page) query = query.limit(page.size).offset(page.offset);
  const rows = await query.execute();
  const { total } = await acceptanceQuery(db, scope, version)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((row): AgreementAcceptanceResource => ({
      type: 'agreement_acceptances',
      id: String(row.id),
      attributes: {
        agreement_id: String(row.agreement_id),
        version: row.version,
        language: row.language,
        account_id: String(row.account_id),
        full_name: row.full_name,
        email: row.email,
        accepted_at: iso(row.accepted_at),
        ip: row.ip,
      },
    })),
    total: Number(total),
  };
}

export function acceptancesCsv(rows: AgreementAcceptanceResource[]): string {
  return formatCsv(
    ['version', 'language', 'account_id', 'full_name', 'email', 'accepted_at', 'ip'],
    rows.map((row) => [
      String(row.attributes.version),
      row.attributes.language,
      row.attributes.account_id,
      row.attributes.full_name,
      row.attributes.email,
      row.attributes.accepted_at,
      row.attributes.ip ?? '',
    ]),
  );
}
