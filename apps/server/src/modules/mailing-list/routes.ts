import { z } from 'zod';
import { buildDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute } from '../../http/route';
import { actorOf } from '../../context/account';
import { mailingListSettingsResource } from './schema';
import { presentSettings } from './presenter';
import { consentCsv, setConsent, settingsOf, settingsWithListSize, updateSettings } from './service';

export const mailingListRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/mailing_list_settings',
    summary: "The portal's mailing list settings (SPEC §3): opt-in text, default consent, list size",
    tags: ['marketing'],
    permission: 'manage:marketing',
    response: resourceDocument(mailingListSettingsResource),
    async handler({ services, portal }) {
      return buildDocument(presentSettings(portal.id, await settingsWithListSize(services.db, portal.id)));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/mailing_list_settings',
    summary: 'Change the opt-in text or the default consent (audited)',
    tags: ['marketing'],
    permission: 'manage:marketing',
    response: resourceDocument(mailingListSettingsResource),
    resourceType: 'mailing_list_settings',
    body: z.object({
      opt_in_text: z.string().trim().max(2000).optional(),
      default_consent: z.boolean().optional(),
    }),
    async handler({ request, services, portal, account, body }) {
      await updateSettings(services.db, portal.id, body, actorOf(account, request.ip));
      return buildDocument(presentSettings(portal.id, await settingsWithListSize(services.db, portal.id)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/mailing_list_settings/export',
    summary: 'The active accounts on the mailing list as a CSV file (text/csv)',
    tags: ['marketing'],
    permission: 'manage:marketing',
    response: 'file',
    async handler({ services, portal, reply }) {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="mailing-list.csv"')
        .header('cache-control', 'no-store');
      return Buffer.from(await consentCsv(services.db, portal.id), 'utf8') as unknown as Record<
        string,
        unknown
      >;
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/me/mailing_list_consent',
    summary: "The signed-in account joins or leaves the portal's mailing list",
    tags: ['marketing'],
    permission: 'signed-in',
    response: z.object({ meta: z.object({ consented: z.boolean(), opt_in_text: z.string() }) }),
    resourceType: 'mailing_list_consents',
    body: z.object({ consented: z.boolean() }),
    async handler({ services, portal, account, body }) {
      await setConsent(services.db, portal.id, account.id, body.consented);
      const settings = await settingsOf(services.db, portal.id);
      return { meta: { consented: body.consented, opt_in_text: settings.opt_in_text } };
    },
  }),
];
