/**
 * Every action the audit log records, `entity.verb`. The server writes only these (its `recordAudit`
 * takes an `AuditAction`); the web app's audit log offers them as a filter and shows each by its
 * translated name (`accounts.audit.action_names.<action>`), never as the raw key.
 */
export const AUDIT_ACTIONS = [
  'account.created',
  'account.updated',
  'account.deactivated',
  'account.reactivated',
  'account.note_added',
  'account_import.completed',
  'impersonation.started',
  'impersonation.stopped',
  'impersonation.write',
  'announcement.created',
  'announcement.updated',
  'announcement.deleted',
  'agreement.published',
  'agreement.translated',
  'certification.create',
  'certification.update',
  'certification.assign',
  'certificate.revoke',
  'follow_up.create',
  'follow_up.update',
  'follow_up.done',
  'order.created',
  'order.marked_paid',
  'order.refunded',
  'payment_provider.changed',
  'mailing_list_settings.updated',
  'portal.information_changed',
  'portal.rubric_changed',
  'portal_language.enabled',
  'portal_language.changed',
  'portal_language.disabled',
  'feature_flag.enabled',
  'feature_flag.disabled',
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook_delivery.redelivered',
  'portal.created',
  'portal.closed',
  'portal.reopened',
  'portal.branding_changed',
  'portal.logo_changed',
  'portal.logo_removed',
  'portal.favicon_changed',
  'portal.favicon_removed',
  'portal_domain.added',
  'portal_domain.made_primary',
  'portal_domain.removed',
  'xapi_credential.created',
  'xapi_credential.revoked',
  'xapi_settings.updated',
  'analytics_settings.updated',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}
