import { z } from 'zod';
import { presentAgreement } from './presenter';
import { actorOf } from '../../context/account';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { AGREEMENT_LANGUAGES, agreementAcceptanceResource, agreementResource } from './schema';
import {
  acceptAgreement,
  acceptancesCsv,
  currentAgreementFor,
  listAcceptances,
  listAgreements,
  publishAgreement,
} from './service';
import { MAX_ID } from '../../http/list-query';

const versionFilter = z.coerce.number().int().positive().max(MAX_ID).optional();

export const agreementRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/agreements',
    summary: "Every version of the portal's terms, newest first, one text per language",
    tags: ['agreements'],
    permission: 'manage:portal-settings',
    response: listDocument(agreementResource),
    async handler({ services, portal }) {
      const { rows, current } = await listAgreements(services.db, portal.id);
      return buildDocument(
        rows.map((row) => presentAgreement(row, current)),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/agreements',
    summary:
      'Publish terms: a new version everyone accepts at their next sign-in, or another language of the newest one',
    tags: ['agreements'],
    permission: 'manage:portal-settings',
    response: resourceDocument(agreementResource),
    status: 201,
    resourceType: 'agreements',
    body: z.object({
      title: z.string().trim().min(1).max(200),
      body: z.string().trim().min(1).max(200_000),
      language: z.enum(AGREEMENT_LANGUAGES),
      new_version: z.boolean().default(true),
    }),
    async handler({ request, services, portal, account, body }) {
      const { row, current } = await publishAgreement(
        services.db,
        portal.id,
        { title: body.title, body: body.body, language: body.language, newVersion: body.new_version },
        actorOf(account, request.ip),
      );
      return buildDocument(presentAgreement(row, current));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/agreements/current',
    summary:
      "The newest terms in the reader's language, with meta.accepted_at (null while the reader still has to accept)",
    tags: ['agreements'],
    permission: 'signed-in',
    response: resourceDocument(agreementResource.nullable(), {
      accepted_at: z.string().nullable(),
      pending: z.boolean(),
    }),
    async handler({ services, portal, account }) {
      const current = await currentAgreementFor(services.db, portal.id, account);
      if (!current) return { data: null, meta: { accepted_at: null, pending: false } };
      return buildDocument(presentAgreement(current.text, current.version), {
        meta: { accepted_at: current.acceptedAt, pending: current.pending },
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/agreements/:agreement/acceptances',
    summary: 'Accept the newest terms (once; accepting again keeps the first time)',
    tags: ['agreements'],
    permission: 'signed-in',
    response: resourceDocument(agreementResource),
    status: 201,
    params: z.object({ agreement: idParam }),
    async handler({ request, services, portal, account, params }) {
      // The act is the account's own: support acting as someone cannot accept on their behalf.
      if (account.acting)
        throw new ApiError(403, [
          {
            code: 'ACTING_CANNOT_ACCEPT',
            title: 'Forbidden',
            detail: 'Terms are accepted by the account holder, not while acting as them.',
          },
        ]);
      const row = await acceptAgreement(services.db, portal.id, params.agreement, account, request.ip);
      return buildDocument(presentAgreement(row, row.version));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/agreement_acceptances',
    summary: 'The acceptance log: who accepted which version and when, newest first',
    tags: ['agreements'],
    permission: 'manage:portal-settings',
    response: listDocument(agreementAcceptanceResource),
    query: z.object({
      'filter[version]': versionFilter,
      'page[number]': listQueryShape['page[number]'],
      'page[size]': listQueryShape['page[size]'],
    }),
    async handler({ services, portal, query }) {
      const page = pageFrom(query);
      const { rows, total } = await listAcceptances(
        services.db,
        portal.id,
        query['filter[version]'] ?? null,
        page,
      );
      return buildDocument(rows, { meta: pageMeta(total, page) });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/agreement_acceptances/export',
    summary: 'The acceptance log as a CSV file (text/csv), optionally of one version',
    tags: ['agreements'],
    permission: 'manage:portal-settings',
    response: 'file',
    query: z.object({ 'filter[version]': versionFilter }),
    async handler({ services, portal, query, reply }) {
      const { rows } = await listAcceptances(services.db, portal.id, query['filter[version]'] ?? null, null);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="agreement-acceptances.csv"')
        .header('cache-control', 'no-store');
      return Buffer.from(acceptancesCsv(rows), 'utf8') as unknown as Record<string, unknown>;
    },
  }),
];
