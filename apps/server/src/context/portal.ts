import type { Kysely } from 'kysely';
import { fromFlag } from '../db/dialect';
import type { Database, PortalRow, PortalScope } from '../db/schema';

export interface PortalContext {
  row: PortalRow;
  /** The tenant of every query the request makes. */
  id: PortalScope;
  name: string;
  businessModels: string[];
  /** Enabled features only. */
  features: Set<string>;
  /** Every feature the portal knows, enabled or not. */
  featureFlags: Record<string, boolean>;
  parameters: Array<{ type: string; data: string }>;
  domains: string[];
  /** The address the portal's other addresses redirect to; null when none is chosen (decision 057). */
  primaryDomain: string | null;
  /** Closed by an operator: its addresses show the closed page and its API refuses sign-in. */
  closed: boolean;
  /** Whether a sales catalog is shown to students: the pricing page has something to show. */
  hasPriceList: boolean;
}

const CACHE_MS = 5_000;

/**
 * The scope of a portal its creating transaction has just written (modules/portal-setup): the one
 * other place a portal id becomes a scope, as no request can resolve to it before the commit.
 */
export const scopeOfCreatedPortal = (row: { id: number }): PortalScope => row.id as PortalScope;

/** Event channel telling every instance that a portal's settings changed (features, languages, …). */
export const PORTAL_SETTINGS_CHANNEL = 'portal_settings_changed';

/**
 * After a write to a portal's settings: this instance forgets its cached portals at once, and every
 * other instance does when the event arrives (LISTEN/NOTIFY on PostgreSQL, decision 017).
 */
export async function portalSettingsChanged(
  services: {
    portals: PortalDirectory;
    events: { publish(channel: string, payload: Record<string, unknown>): Promise<void> };
  },
  portalId: number,
): Promise<void> {
  services.portals.forget();
  await services.events.publish(PORTAL_SETTINGS_CHANNEL, { portal_id: portalId });
}

/**
 * After a portal is created, its addresses change or it is closed or reopened: this instance drops
 * the portal and the addresses (also a remembered "no portal here") at once, every other instance
 * when the event arrives, so the portal answers on its new host everywhere within a second.
 */
export async function portalChanged(
  services: {
    portals: PortalDirectory;
    events: { publish(channel: string, payload: Record<string, unknown>): Promise<void> };
  },
  portalId: number,
  domains: string[],
): Promise<void> {
  services.portals.forgetPortal(portalId, domains);
  await services.events.publish(PORTAL_SETTINGS_CHANNEL, { portal_id: portalId, domains });
}

/** What an instance drops when another one reports a portal change. */
export function forgetOnEvent(portals: PortalDirectory, payload: Record<string, unknown>): void {
  const portalId = Number(payload.portal_id);
  const domains = Array.isArray(payload.domains)
    ? payload.domains.filter((domain): domain is string => typeof domain === 'string')
    : null;
  if (Number.isInteger(portalId) && domains) portals.forgetPortal(portalId, domains);
  else portals.forget();
}

/**
 * Looks portals up by host name or id. Portal settings change rarely and are read on every request,
 * so each instance keeps them a few seconds; writes call `forget()`.
 */
export class PortalDirectory {
  private readonly byDomain = new Map<string, { portalId: number | null; at: number }>();
  private readonly byId = new Map<number, { portal: PortalContext | null; at: number }>();

  constructor(private readonly db: Kysely<Database>) {}

  async findByDomain(domain: string): Promise<PortalContext | null> {
    const key = domain.toLowerCase();
    const cached = this.byDomain.get(key);
    let portalId: number | null;
    if (cached && Date.now() - cached.at < CACHE_MS) {
      portalId = cached.portalId;
    } else {
      const row = await this.db
        .selectFrom('portal_domains')
        .select('portal_id')
        .where('domain', '=', key)
        .executeTakeFirst();
      portalId = row?.portal_id ?? null;
      if (this.byDomain.size > 10_000) this.byDomain.clear();
      this.byDomain.set(key, { portalId, at: Date.now() });
    }
    return portalId === null ? null : this.findById(portalId);
  }

  async first(): Promise<PortalContext | null> {
    const row = await this.db.selectFrom('portals').select('id').orderBy('id').limit(1).executeTakeFirst();
    return row ? this.findById(row.id) : null;
  }

  async findById(id: number): Promise<PortalContext | null> {
    const cached = this.byId.get(id);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.portal;
    const portal = await this.load(id);
    this.byId.set(id, { portal, at: Date.now() });
    return portal;
  }

  forget(): void {
    this.byDomain.clear();
    this.byId.clear();
  }

  /** Drops one portal: by id, the given addresses, and every address remembered as leading to it. */
  forgetPortal(portalId: number, domains: readonly string[]): void {
    this.byId.delete(portalId);
    for (const domain of domains) this.byDomain.delete(domain.toLowerCase());
    for (const [domain, entry] of this.byDomain) {
      if (entry.portalId === portalId) this.byDomain.delete(domain);
    }
  }

  private async load(id: number): Promise<PortalContext | null> {
    const row = await this.db.selectFrom('portals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [features, parameters, domains, priceList] = await Promise.all([
      this.db.selectFrom('portal_features').select(['name', 'enabled']).where('portal_id', '=', id).execute(),
      this.db
        .selectFrom('portal_parameters')
        .select(['type', 'data'])
        .where('portal_id', '=', id)
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('portal_domains')
        .select(['domain', 'is_primary'])
        .where('portal_id', '=', id)
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('sales_catalogs')
        .select('id')
        .where('portal_id', '=', id)
        .where('shown_to_students', '=', 1)
        .limit(1)
        .executeTakeFirst(),
    ]);
    const featureFlags = Object.fromEntries(
      features.map((feature) => [feature.name, fromFlag(feature.enabled)]),
    );
    return {
      row,
      // The one place a portal id becomes a scope: the portal this request resolved to.
      id: row.id as PortalScope,
      name: row.name,
      businessModels: row.business_models.split(',').filter(Boolean),
      features: new Set(
        features.filter((feature) => fromFlag(feature.enabled)).map((feature) => feature.name),
      ),
      featureFlags,
      parameters,
      domains: domains.map((domain) => domain.domain),
      primaryDomain: domains.find((domain) => fromFlag(domain.is_primary))?.domain ?? null,
      closed: row.closed_at !== null,
      hasPriceList: priceList !== undefined,
    };
  }
}
