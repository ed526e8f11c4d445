import { fromFlag } from '../../db/dialect';
import type { PortalDomainResource, PortalLanguageResource, PortalResource } from './schema';
import type { PortalContext } from '../../context/portal';

export function presentPortal(portal: PortalContext): PortalResource {
  const row = portal.row;
  return {
    type: 'portals',
    id: String(portal.id),
    attributes: {
      name: row.name,
      base_url: row.base_url,
      information: { knowledge_base_url: row.knowledge_base_url, zendesk_chat_id: row.zendesk_chat_id },
      parameters: portal.parameters,
      theme: {
        primary_color: row.primary_color,
        secondary_color: row.secondary_color,
        logo_url: row.logo_url,
        favicon_url: row.favicon_url,
      },
      business_models: portal.businessModels,
      has_price_list: portal.hasPriceList,
      features: [...portal.features].sort(),
      status: portal.closed ? 'closed' : 'active',
      primary_domain: portal.primaryDomain,
    },
  };
}

export function presentPortalDomain(domain: {
  id: number;
  domain: string;
  is_primary: number;
}): PortalDomainResource {
  return {
    type: 'portal_domains',
    id: String(domain.id),
    attributes: { domain: domain.domain, is_primary: fromFlag(domain.is_primary) },
  };
}

export function presentPortalLanguage(language: {
  id: number;
  locale: string;
  is_primary: number;
  overrides: string;
}): PortalLanguageResource {
  return {
    type: 'portal_languages',
    id: String(language.id),
    attributes: {
      locale: language.locale,
      language: { locale: language.locale },
      is_primary: fromFlag(language.is_primary),
      overrides: language.overrides,
    },
  };
}
