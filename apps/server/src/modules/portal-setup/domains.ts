/**
 * A portal's addresses (decision 057): host names only, lower case, each used by one portal at most
 * (the database's unique index decides a race), one of them the primary address.
 */
import type { Kysely } from 'kysely';
import { toFlag } from '../../db/dialect';
import type { Database, Executor, PortalScope } from '../../db/schema';
import { Conflict, Invalid } from '../../domain/errors';
import { recordAudit } from '../audit/service';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The host name as stored (trimmed, lower case, no final dot), or null when it is not one. */
export function normaliseDomain(raw: string): string | null {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length === 0 || domain.length > 253) return null;
  const labels = domain.split('.');
  if (!labels.every((label) => LABEL.test(label))) return null;
  // A final label of digits only is an IP address, or nothing: only a whole IPv4 address is one.
  if (/^\d+$/.test(labels.at(-1)!) && !(labels.length === 4 && labels.every((l) => Number(l) <= 255)))
    return null;
  return domain;
}

/** A domain another portal holds: a 409 naming it (the route adds where it sits in the request). */
export class DomainTaken extends Conflict {
  constructor(readonly domain: string) {
    super({
      code: 'DOMAIN_TAKEN',
      detail: `Another portal already uses the address ${domain}.`,
      meta: { domain },
    });
  }
}

/** The first of the addresses that a portal already uses. */
export async function firstTaken(db: Executor, domains: readonly string[]): Promise<string | null> {
  if (domains.length === 0) return null;
  const rows = await db
    .selectFrom('portal_domains')
    .select('domain')
    .where('domain', 'in', [...domains])
    .execute();
  const taken = new Set(rows.map((row) => row.domain));
  return domains.find((domain) => taken.has(domain)) ?? null;
}

/** Whether a database error is a unique index refusing a second row (a race with another write). */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function portalDomains(db: Executor, scope: PortalScope) {
  return db
    .selectFrom('portal_domains')
    .select(['id', 'portal_id', 'domain', 'is_primary'])
    .where('portal_id', '=', scope)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
}

export type PortalDomain = Awaited<ReturnType<typeof portalDomains>>[number];

interface Actor {
  actorId: number;
  actingForId: number | null;
  ip: string | null;
}

/** Adds a (normalised) address to a portal; the first address a portal gets, or one asked for so, is primary. */
export async function addDomain(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: Actor,
  domain: string,
  primary: boolean,
): Promise<PortalDomain> {
  if (await firstTaken(db, [domain])) throw new DomainTaken(domain);
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await portalDomains(trx, scope);
      const makePrimary = primary || existing.length === 0;
      if (makePrimary)
        await trx
          .updateTable('portal_domains')
          .set({ is_primary: 0 })
          .where('portal_id', '=', scope)
          .execute();
      const row = await trx
        .insertInto('portal_domains')
        .values({ portal_id: scope, domain, is_primary: toFlag(makePrimary) })
        .returning(['id', 'portal_id', 'domain', 'is_primary'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        scope,
        ...actor,
        action: 'portal_domain.added',
        entityType: 'portal_domain',
        entityId: row.id,
        details: { domain, is_primary: makePrimary },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainTaken(domain);
    throw error;
  }
}

/** Makes an address the portal's primary one: its other addresses redirect there. */
export async function makePrimaryDomain(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: Actor,
  domain: PortalDomain,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('portal_domains').set({ is_primary: 0 }).where('portal_id', '=', scope).execute();
    await trx
      .updateTable('portal_domains')
      .set({ is_primary: 1 })
      .where('portal_id', '=', scope)
      .where('id', '=', domain.id)
      .execute();
    await recordAudit(trx, {
      scope,
      ...actor,
      action: 'portal_domain.made_primary',
      entityType: 'portal_domain',
      entityId: domain.id,
      details: { domain: domain.domain },
    });
  });
}

/**
 * Removes an address. Not the primary one (choose another first), and not the one the request came
 * in on: whoever removes it would lose the page they are on.
 */
export async function removeDomain(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: Actor,
  domain: PortalDomain,
  requestHost: string,
): Promise<void> {
  if (domain.is_primary === 1) {
    throw new Invalid([
      {
        pointer: '/',
        code: 'PRIMARY_DOMAIN',
        detail: 'The primary address cannot be removed; make another address primary first.',
      },
    ]);
  }
  if (domain.domain === requestHost.toLowerCase()) {
    throw new Invalid([
      {
        pointer: '/',
        code: 'DOMAIN_IN_USE',
        detail: 'You cannot remove the address you are using right now.',
      },
    ]);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('portal_domains')
      .where('portal_id', '=', scope)
      .where('id', '=', domain.id)
      .execute();
    await recordAudit(trx, {
      scope,
      ...actor,
      action: 'portal_domain.removed',
      entityType: 'portal_domain',
      entityId: domain.id,
      details: { domain: domain.domain },
    });
  });
}
