import type { Generated, Selectable } from 'kysely';

/**
 * Table shapes of LTI 1.3 Advantage (migration 20261203400000_lti, decision 070). Same conventions
 * as schema.ts: timestamps ISO-8601 text, JSON as text.
 */
export interface LtiPlatformKeysTable {
  id: Generated<number>;
  portal_id: number;
  kid: string;
  public_jwk: string;
  private_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export type LtiToolStatus = 'active' | 'pending' | 'disabled';

export interface LtiToolsTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number | null;
  name: string;
  client_id: string;
  status: LtiToolStatus;
  registered_by: 'manual' | 'dynamic';
  login_url: string;
  launch_url: string;
  deep_linking_url: string | null;
  /** JSON: string[] */
  redirect_uris: string;
  /** JSON: string[] */
  deployment_ids: string;
  jwks_url: string | null;
  /** JSON: a public JWK, when the tool gave its key instead of a key set address. */
  public_jwk: string | null;
  /** JSON: Record<string, string> */
  custom: string;
  /** Comma-separated services granted: ags, nrps, deep_linking. */
  services: string;
  contact_email: string | null;
  logo_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface LtiRegistrationsTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number | null;
  token_hash: string;
  registration_url: string;
  tool_id: number | null;
  created_at: string;
  expires_at: string;
}

export interface LtiResourceLinksTable {
  id: Generated<number>;
  portal_id: number;
  learning_object_id: number;
  tool_id: number;
  resource_link_id: string;
  url: string | null;
  /** JSON: Record<string, string> */
  custom: string;
  created_at: string;
}

export type LtiMessageType = 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';

export interface LtiLaunchesTable {
  id: Generated<number>;
  portal_id: number;
  tool_id: number;
  account_id: number;
  course_id: number;
  learning_object_id: number | null;
  section_id: number | null;
  message_type: LtiMessageType;
  hint_hash: string;
  deployment_id: string;
  return_url: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LtiUsedValuesTable {
  kind: string;
  value: string;
  expires_at: string;
}

export interface LtiAccessTokensTable {
  token_hash: string;
  portal_id: number;
  tool_id: number;
  scopes: string;
  expires_at: string;
}

export interface LtiLineItemsTable {
  id: Generated<number>;
  portal_id: number;
  tool_id: number;
  course_id: number;
  learning_object_id: number | null;
  label: string;
  score_maximum: number;
  resource_id: string | null;
  tag: string | null;
  created_at: string;
}

export interface LtiScoresTable {
  id: Generated<number>;
  portal_id: number;
  line_item_id: number;
  account_id: number;
  score_given: number | null;
  score_maximum: number | null;
  activity_progress: string;
  grading_progress: string;
  comment: string | null;
  timestamp: string;
}

export interface LtiTables {
  lti_platform_keys: LtiPlatformKeysTable;
  lti_tools: LtiToolsTable;
  lti_registrations: LtiRegistrationsTable;
  lti_resource_links: LtiResourceLinksTable;
  lti_launches: LtiLaunchesTable;
  lti_used_values: LtiUsedValuesTable;
  lti_access_tokens: LtiAccessTokensTable;
  lti_line_items: LtiLineItemsTable;
  lti_scores: LtiScoresTable;
}

export type LtiToolRow = Selectable<LtiToolsTable>;
export type LtiLaunchRow = Selectable<LtiLaunchesTable>;
export type LtiLineItemRow = Selectable<LtiLineItemsTable>;
export type LtiResourceLinkRow = Selectable<LtiResourceLinksTable>;
