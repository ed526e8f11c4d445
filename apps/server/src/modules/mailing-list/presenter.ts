import type { PortalScope } from '../../db/schema';
import type { MailingListSettingsResource } from './schema';
import type { settingsWithListSize } from './service';

export function presentSettings(
  scope: PortalScope,
  { settings, listSize }: Awaited<ReturnType<typeof settingsWithListSize>>,
): MailingListSettingsResource {
  return {
    type: 'mailing_list_settings',
    id: String(scope),
    attributes: {
      opt_in_text: settings.opt_in_text,
      default_consent: settings.default_consent,
      consenting_accounts: listSize,
      updated_at: settings.updated_at,
    },
  };
}
