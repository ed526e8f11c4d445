/** The current user and portal as the web app sees them (SPEC §3), after camelCase conversion. */

export interface Theme {
  primaryColor?: string | null;
  secondaryColor?: string | null;
  logoUrl?: string | null;
  faviconUrl?: string | null;
}

export interface Account {
  id: string;
  type: string;
  fullName: string;
  locale?: string | null;
  roles?: string[];
  avatarUrl?: string | null;
  lastOnline?: string | null;
  emailAddress?: string | null;
  phoneNumber?: string | null;
}

export interface PortalParameter {
  type: string;
  data: unknown;
}

export interface PortalLanguage {
  id: string;
  type: string;
  locale: string;
  isPrimary?: boolean;
  /** JSON text: `{"nl": {"home.title": "…"}}`; kept as sent (a case-conversion exception). */
  overrides?: string | null;
  language?: { locale?: string } | null;
}

export interface Portal {
  id: string;
  type: string;
  name: string;
  baseUrl?: string | null;
  information?: { knowledgeBaseUrl?: string | null; zendeskChatId?: string | null } | null;
  parameters?: PortalParameter[] | null;
  theme?: Theme | null;
  businessModels?: string[] | null;
  /** Whether a sales catalog is shown to students; without one there is no pricing page to offer. */
  hasPriceList?: boolean | null;
  features?: string[] | null;
  languages?: PortalLanguage[] | null;
}

export interface PrimaryCoach {
  id: string;
  fullName: string;
  emailAddress?: string | null;
  phoneNumber?: string | null;
}

export interface Me {
  id: string;
  roles: string[];
  availableBusinessModels: string[];
  theme?: Theme | null;
  account: Account;
  entity?: { id: string; name?: string | null } | null;
  portal?: Portal | null;
  subscription?: { id: string; isActive?: boolean } | null;
  contract?: { id: string } | null;
  primaryCoach?: PrimaryCoach | null;
  profile?: { id: string } | null;
  features: string[];
  unreadNotifications: number;
  /** Set while a support user acts as this account (decision 025). */
  acting?: ActingState | null;
}

export interface ActingState {
  impersonationId: string;
  actorId: string;
  actorName: string;
  expiresAt: string;
}

export interface Ping {
  authenticated: boolean;
  accountId: string | null;
  portalId: string | null;
  redirect?: string | null;
}
