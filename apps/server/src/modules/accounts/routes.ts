import { ACCOUNT_SEARCH_LIMIT, ACCOUNT_ROLE_NAMES, LANGUAGES, can, formatCsv } from '@leerpad/core';
import type { RoleName } from '@leerpad/core';
import { z } from 'zod';
import { authorize, subjectOf } from '../../http/authorize';
import { ApiError } from '../../http/errors';
import { includeRelated } from '../../http/includes';
import { initialLocale } from '../../http/locale';
import {
  buildDocument,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import type { ResourceObject } from '../../context/document';
import { includeQuery, sortQuery } from '../../http/query-contract';
import { enumListFilter, sortFrom } from '../../http/list-query';
import type { Services } from '../../context/services';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import {
  addNote,
  changeAccount,
  checkCoach,
  checkGrantable,
  createAccount,
  findManagedAccount,
  listAccounts,
  listNotes,
  listSignIns,
} from './administration';
import type { AccountListFilters, Actor } from './administration';
import { accountPolicy } from './policy';
import { presentAccountImport, presentAccountNote, presentManagedAccount, presentSignIn } from './presenter';
import type { ManagedAccountRow } from './presenter';
import { rolesByAccount } from './service';
import { ACCOUNT_INCLUDES } from './resources';
import { accountImportResource, accountNoteResource, managedAccountResource, signInResource } from './schema';
import { IMPORT_FIELDS, findImport, progressOf, startImport } from './import';
import type { ImportMapping } from './import';
import type { FastifyRequest } from 'fastify';

const accountParams = z.object({ account: idParam });
const ROLE_NAMES = ACCOUNT_ROLE_NAMES;
const SORTS = ['full_name', 'last_online', 'created_at'] as const;

const filterShape = {
  'filter[search]': z.string().max(200).optional(),
  'filter[role]': enumListFilter(ROLE_NAMES).optional(),
  'filter[status]': z.enum(['active', 'deactivated']).optional(),
  'filter[subscription]': z.enum(['active', 'none']).optional(),
  'filter[last_online]': z.enum(['week', 'month', 'older', 'never']).optional(),
  sort: sortQuery(SORTS),
};

const filtersFrom = (query: {
  'filter[search]'?: string | undefined;
  'filter[role]'?: RoleName[] | undefined;
  'filter[status]'?: 'active' | 'deactivated' | undefined;
  'filter[subscription]'?: 'active' | 'none' | undefined;
  'filter[last_online]'?: 'week' | 'month' | 'older' | 'never' | undefined;
}): AccountListFilters => ({
  search: query['filter[search]'],
  roles: query['filter[role]'],
  status: query['filter[status]'],
  subscription: query['filter[subscription]'],
  lastOnline: query['filter[last_online]'],
});

export const actorOf = (account: AccountContext, request: FastifyRequest): Actor => ({
  id: account.id,
  roles: account.roles,
  ip: request.ip ?? null,
});

const canManage = (account: AccountContext, portal: PortalContext, target: { portal_id: number }) =>
  can(subjectOf(account, portal), 'manage:account', { portalId: target.portal_id });

async function accountDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  target: ManagedAccountRow,
  included?: ResourceObject[],
) {
  const roles = await rolesByAccount(services.db, [target.id]);
  return buildDocument(
    presentManagedAccount(target, roles.get(target.id) ?? [], {
      showContact: accountPolicy.canSeeContact(account, target),
      manage: canManage(account, portal, target),
    }),
    { included },
  );
}

export const accountRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/accounts',
    summary:
      'The accounts of the current portal (staff): search, filter by role, status (active | deactivated), subscription (active | none) and last online (week | month | older | never); sort by full_name, last_online or created_at',
    tags: ['accounts'],
    permission: 'search:account',
    response: listDocument(managedAccountResource),
    query: z.object({ ...listQueryShape, ...filterShape }),
    async handler({ services, portal, account, query }) {
      const page = pageFrom(query, ACCOUNT_SEARCH_LIMIT);
      const sort = sortFrom(query.sort, SORTS, [{ key: 'full_name', direction: 'asc' }]);
      const { rows, total } = await listAccounts(
        services.db,
        services.dialect,
        portal.id,
        filtersFrom(query),
        sort,
        page,
      );
      const roles = await rolesByAccount(
        services.db,
        rows.map((row) => row.id),
      );
      const manage = can(subjectOf(account, portal), 'manage:account');
      return buildDocument(
        rows.map((row) => presentManagedAccount(row, roles.get(row.id) ?? [], { showContact: true, manage })),
        { meta: pageMeta(total, page) },
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/export',
    summary:
      'The accounts of the current portal as a CSV file (text/csv), with the same filters and sort as GET /v1/accounts and no pages',
    tags: ['accounts'],
    permission: 'manage:account',
    response: 'file',
    query: z.object(filterShape),
    async handler({ services, portal, query, reply }) {
      const sort = sortFrom(query.sort, SORTS, [{ key: 'full_name', direction: 'asc' }]);
      const { rows } = await listAccounts(services.db, services.dialect, portal.id, filtersFrom(query), sort);
      const roles = await rolesByAccount(
        services.db,
        rows.map((row) => row.id),
      );
      const csv = formatCsv(
        [
          'id',
          'full_name',
          'email',
          'roles',
          'locale',
          'active',
          'subscription',
          'last_online',
          'created_at',
        ],
        rows.map((row) => [
          row.id,
          row.full_name,
          row.email,
          (roles.get(row.id) ?? []).join(';'),
          row.locale,
          row.deactivated_at === null ? 'yes' : 'no',
          row.subscription_active ? 'active' : 'none',
          row.last_online,
          row.created_at,
        ]),
      );
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="accounts.csv"')
        .header('cache-control', 'no-store');
      // Bytes are the body; the route wrapper passes anything without `data` through untouched.
      return Buffer.from(csv, 'utf8') as unknown as Record<string, unknown>;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/accounts',
    summary:
      'Create an account (staff): full_name, email_address, roles (only roles the caller holds the powers of), locale, relationships.primary_coach (accounts). Mails a set-password link',
    tags: ['accounts'],
    permission: 'manage:account',
    response: resourceDocument(managedAccountResource),
    status: 201,
    resourceType: 'accounts',
    body: z.object({
      full_name: z.string().trim().min(1).max(200),
      email_address: z
        .string()
        .trim()
        .min(1)
        .max(254)
        .email('This field should contain a valid email address.'),
      roles: z.array(z.enum(ROLE_NAMES)).min(1).max(ROLE_NAMES.length),
      locale: z.enum(LANGUAGES).nullable().optional(),
      primary_coach: relatedTo('accounts').nullable().optional(),
    }),
    async handler({ services, portal, account, request, body, pointer }) {
      checkGrantable(account.roles, body.roles, (index) => pointer(`roles/${index}`));
      if (body.primary_coach != null) {
        await checkCoach(services.db, portal.id, body.primary_coach, pointer('primary_coach'));
      }
      const id = await createAccount(
        services,
        portal,
        actorOf(account, request),
        {
          full_name: body.full_name,
          email: body.email_address,
          roles: body.roles,
          locale: initialLocale(body.locale, portal),
          primary_coach_id: body.primary_coach ?? null,
        },
        pointer('email_address'),
      );
      return accountDocument(services, portal, account, await findManagedAccount(services.db, portal.id, id));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account',
    summary: 'One account of the current portal',
    tags: ['accounts'],
    permission: 'signed-in',
    response: resourceDocument(managedAccountResource),
    params: accountParams,
    query: z.object({ include: includeQuery(ACCOUNT_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const target = await findManagedAccount(services.db, portal.id, params.account);
      if (!accountPolicy.isSelfOrStaff(account, target)) throw ApiError.notFound('account');
      const include = includesFrom(query, ACCOUNT_INCLUDES);
      const included = await includeRelated({ services, portal, account }, 'accounts', [target], include);
      return accountDocument(services, portal, account, target, included);
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/accounts/:account',
    summary:
      'Update an account: language, name, phone number; staff also roles, relationships.primary_coach and active (false deactivates: no sign-in, sessions end, nothing is deleted). Values sent as they are need no staff permission',
    tags: ['accounts'],
    permission: 'signed-in',
    response: resourceDocument(managedAccountResource),
    params: accountParams,
    resourceType: 'accounts',
    body: z.object({
      locale: z.enum(LANGUAGES).nullable().optional(),
      full_name: z.string().trim().min(1).max(200).optional(),
      phone_number: z.string().trim().max(40).nullable().optional(),
      roles: z.array(z.enum(ROLE_NAMES)).max(ROLE_NAMES.length).optional(),
      primary_coach: relatedTo('accounts').nullable().optional(),
      active: z.boolean().optional(),
    }),
    async handler({ services, portal, account, request, params, body: { primary_coach, ...body }, pointer }) {
      const target = await findManagedAccount(services.db, portal.id, params.account);
      if (!accountPolicy.isSelfOrStaff(account, target)) throw ApiError.notFound('account');
      if (!accountPolicy.canChange(account, target)) throw ApiError.forbidden();
      // A generic client sends back the whole account it read: what it leaves as it was is no change.
      const currentRoles = (await rolesByAccount(services.db, [target.id])).get(target.id) ?? [];
      const staffChange =
        (body.roles !== undefined && [...body.roles].sort().join() !== [...currentRoles].sort().join()) ||
        (body.active !== undefined && body.active !== (target.deactivated_at === null)) ||
        (primary_coach !== undefined && primary_coach !== target.primary_coach_id);
      if (staffChange) authorize(account, portal, 'manage:account', { portalId: target.portal_id });
      if (body.active === false && target.id === account.id) {
        throw ApiError.validation([
          { pointer: pointer('active'), detail: 'You cannot deactivate your own account.' },
        ]);
      }
      if (primary_coach != null) {
        await checkCoach(services.db, portal.id, primary_coach, pointer('primary_coach'));
      }
      await changeAccount(services.db, portal.id, target.id, actorOf(account, request), {
        ...body,
        primary_coach_id: primary_coach,
      });
      return accountDocument(
        services,
        portal,
        account,
        await findManagedAccount(services.db, portal.id, target.id),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account/notes',
    summary: 'Staff notes on an account, newest first',
    tags: ['accounts'],
    permission: 'manage:account',
    response: listDocument(accountNoteResource),
    params: accountParams,
    async handler({ services, portal, params }) {
      const target = await findManagedAccount(services.db, portal.id, params.account);
      const notes = await listNotes(services.db, portal.id, target.id);
      return buildDocument(notes.map(presentAccountNote), {
        meta: pageMeta(notes.length, { number: 1, size: Math.max(1, notes.length), offset: 0 }),
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/accounts/:account/notes',
    summary: 'Add a staff note to an account',
    tags: ['accounts'],
    permission: 'manage:account',
    response: resourceDocument(accountNoteResource),
    status: 201,
    params: accountParams,
    resourceType: 'account_notes',
    body: z.object({ body: z.string().trim().min(1).max(5000) }),
    async handler({ services, portal, account, request, params, body }) {
      const target = await findManagedAccount(services.db, portal.id, params.account);
      const note = await addNote(services.db, portal.id, target.id, actorOf(account, request), body.body);
      return buildDocument(presentAccountNote(note));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account/sign_ins',
    summary: 'The latest successful sign-ins of an account: when, from which address and browser',
    tags: ['accounts'],
    permission: 'manage:account',
    response: listDocument(signInResource),
    params: accountParams,
    async handler({ services, portal, params }) {
      const target = await findManagedAccount(services.db, portal.id, params.account);
      const signIns = await listSignIns(services.db, portal.id, target.id);
      return buildDocument(signIns.map(presentSignIn), {
        meta: pageMeta(signIns.length, { number: 1, size: Math.max(1, signIns.length), offset: 0 }),
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/account_imports',
    summary:
      'Import accounts from a CSV file (UTF-8, first line names the columns) as multipart/form-data: the field "file", "mode" (create | update | upsert, matched on e-mail in any case) and "mapping" (JSON: email, full_name, roles, locale → column name; unnamed fields are matched on the header). Validates every line and imports all or none in the background; GET the import for its progress and report',
    tags: ['accounts'],
    permission: 'manage:account',
    response: resourceDocument(accountImportResource),
    upload: 'file',
    status: 202,
    async handler({ request, services, portal, account }) {
      if (!request.isMultipart()) {
        throw new ApiError(415, [
          {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            title: 'Unsupported media type',
            detail: 'Send the CSV file as multipart/form-data in a field named "file".',
          },
        ]);
      }
      let file: { name: string; bytes: Buffer } | null = null;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              continue;
            }
            const bytes = await part.toBuffer();
            file = { name: part.filename || 'accounts.csv', bytes };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw ApiError.badRequest(
          'MALFORMED_MULTIPART',
          'The upload could not be read as multipart/form-data.',
        );
      }
      const mode = z.enum(['create', 'update', 'upsert']).safeParse(fields.mode ?? 'create');
      const errors: Array<{ pointer: string; detail: string; code?: string }> = [];
      if (!file) errors.push({ pointer: '/file', detail: 'Choose a CSV file to import.' });
      if (!mode.success) errors.push({ pointer: '/mode', detail: 'Choose create, update or upsert.' });
      let mapping: ImportMapping = {};
      if (fields.mapping) {
        const parsed = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200)).safeParse(
          (() => {
            try {
              return JSON.parse(fields.mapping) as unknown;
            } catch {
              return null;
            }
          })(),
        );
        if (parsed.success) mapping = parsed.data;
        else errors.push({ pointer: '/mapping', detail: `Map ${IMPORT_FIELDS.join(', ')} to column names.` });
      }
      if (errors.length > 0 || !file || !mode.success) throw ApiError.validation(errors);
      const row = await startImport(services, portal.id, actorOf(account, request), {
        fileName: file.name,
        bytes: file.bytes,
        mapping,
        mode: mode.data,
      });
      return buildDocument(presentAccountImport(row));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/account_imports/:account_import',
    summary:
      'An account import: status (queued, validating, importing, inviting, failed, completed), rows_done of total_rows, and the bad lines (line, column, reason)',
    tags: ['accounts'],
    permission: 'manage:account',
    response: resourceDocument(accountImportResource),
    params: z.object({ account_import: idParam }),
    async handler({ services, portal, params }) {
      const row = await findImport(services.db, portal.id, params.account_import);
      return buildDocument(presentAccountImport({ ...row, rows_done: progressOf(row) }));
    },
  }),
];
