/**
 * The profile photo (an image the student uploaded through /v1/files) and the rubric staff set for
 * /rate. See docs/decisions/042-avatars-rubric-and-guest-files.md.
 */
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, FEATURES, LANGUAGES, isLocale } from '@leerpad/core';
import type { Locale } from '@leerpad/core';
import { z } from 'zod';
import { actorOf, type AccountContext } from '../../context/account';
import { fromFlag } from '../../db/dialect';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import { buildDocument, resourceDocument } from '../../http/jsonapi';
import { idReference } from '../../http/list-query';
import { portalLanguage } from '../../http/locale';
import { portalSettingsChanged } from '../../context/portal';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { imageTypeOf, leadingBytes, sendFile } from '../files/service';
import { languagesOf } from '../portals/service';
import { replaceRubric } from './commands';
import { ownProfile } from './profile';
import { currentAvatar, ownFile, setAvatar } from './queries';
import { ownProfileResource, portfolioRubricResource } from './schema';
import { defaultRubric, RUBRIC_MAX_CRITERIA, storedRubric, type RubricCriterion } from './service';

const feature = FEATURES.portfolioFeature;

/** Where a profile photo is shown from (with the checks of GET /api/v1/avatars/{file}). */
export const avatarPath = (fileId: number) => `/api/v1/avatars/${fileId}`;

const notImage = (pointer: string) =>
  ApiError.validation([
    { pointer, code: 'AVATAR_NOT_IMAGE', detail: 'A profile photo must be a PNG, JPEG or WebP image.' },
  ]);

/** The portal's languages, primary first (its primary language alone when it lists none). */
async function portalLocales(services: Services, portal: PortalContext): Promise<Locale[]> {
  const primary = portalLanguage(portal);
  const listed = (await languagesOf(services.db, portal.id))
    .map((language) => language.locale)
    .filter((locale): locale is Locale => isLocale(locale));
  return [primary, ...LANGUAGES.filter((locale) => locale !== primary && listed.includes(locale))];
}

async function rubricDocument(services: Services, portal: PortalContext) {
  const stored = storedRubric(portal);
  return buildDocument({
    type: 'portfolio_rubrics' as const,
    id: String(portal.id),
    attributes: {
      criteria: stored ?? defaultRubric(),
      languages: await portalLocales(services, portal),
      customised: stored !== null,
    },
  });
}

/** The rubric's audit entry names who really acts (support acting as the account included). */
const rubricActor = (account: AccountContext, ip: string) => {
  const { accountId, ...acting } = actorOf(account, ip);
  return { actorId: accountId, ...acting };
};

const criterionName = z.string().trim().max(120, 'Keep a criterion name to 120 characters.');

export const profileRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/v1/profile/avatar',
    summary: `Make an image you uploaded through /v1/files your profile photo (PNG, JPEG or WebP, at most ${AVATAR_MAX_BYTES} bytes)`,
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    response: resourceDocument(ownProfileResource),
    resourceType: 'profiles',
    body: z.object({ file: idReference }),
    async handler({ services, portal, account, body, pointer }) {
      const file = await ownFile(services.db, portal.id, account.id, body.file);
      if (!file)
        throw ApiError.validation([
          { pointer: pointer('file'), detail: 'Choose an image you uploaded yourself.' },
        ]);
      if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.content_type))
        throw notImage(pointer('file'));
      if (Number(file.byte_size) > AVATAR_MAX_BYTES)
        throw ApiError.validation([
          {
            pointer: pointer('file'),
            code: 'AVATAR_TOO_LARGE',
            detail: `A profile photo may be at most ${AVATAR_MAX_BYTES.toLocaleString('en')} bytes.`,
            meta: { max_bytes: AVATAR_MAX_BYTES },
          },
        ]);
      // The declared type is the browser's word; the first bytes must say the same.
      if (imageTypeOf(await leadingBytes(services.storage, file.storage_key)) !== file.content_type)
        throw notImage(pointer('file'));
      await setAvatar(services.db, portal.id, account.id, avatarPath(file.id));
      return ownProfile(services, portal, account);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/profile/avatar',
    summary: 'Remove your profile photo (your initials show instead)',
    tags: ['portfolio'],
    permission: 'keep:portfolio',
    feature,
    response: resourceDocument(ownProfileResource),
    async handler({ services, portal, account }) {
      await setAvatar(services.db, portal.id, account.id, null);
      return ownProfile(services, portal, account);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/avatars/:file',
    summary:
      "A profile photo (public): for anyone signed in to the portal, and for guests when its owner's profile is public. Anything else, a replaced photo included, is 404",
    tags: ['portfolio'],
    permission: 'public',
    response: 'file',
    params: z.object({ file: idParam }),
    query: z.object({ w: z.string().max(10).optional() }),
    async handler({ services, portal, account, params, reply }) {
      const row = await currentAvatar(services.db, portal.id, params.file, avatarPath(params.file));
      if (!row || (!account && !fromFlag(row.is_public))) throw ApiError.notFound('avatar');
      const { is_public: _public, ...file } = row;
      return sendFile(services.storage, reply, file, { cache: 'private, max-age=300' });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portfolio_rubric',
    summary:
      'The rubric of the feedback form behind /rate: its criteria with a name in each portal language (the default until staff set one)',
    tags: ['portfolio'],
    permission: 'manage:portal-settings',
    feature,
    response: resourceDocument(portfolioRubricResource),
    async handler({ services, portal }) {
      return rubricDocument(services, portal);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/portfolio_rubric',
    summary: `Set the rubric of /rate: 1 to ${RUBRIC_MAX_CRITERIA} criteria in order, each named in every portal language. Requests already sent keep the criteria they were sent with`,
    tags: ['portfolio'],
    permission: 'manage:portal-settings',
    feature,
    response: resourceDocument(portfolioRubricResource),
    resourceType: 'portfolio_rubrics',
    body: z.object({
      criteria: z
        .array(
          z.object({
            names: z.object(
              Object.fromEntries(LANGUAGES.map((locale) => [locale, criterionName.nullable().optional()])),
            ),
          }),
        )
        .min(1, 'Keep at least one criterion.')
        .max(RUBRIC_MAX_CRITERIA, `Use at most ${RUBRIC_MAX_CRITERIA} criteria.`),
    }),
    async handler({ request, services, portal, account, body, pointer }) {
      const locales = await portalLocales(services, portal);
      const problems: Array<{ pointer: string; code: string; detail: string }> = [];
      const criteria: RubricCriterion[] = body.criteria.map((criterion, index) => {
        const names = criterion.names as Partial<Record<Locale, string | null>>;
        for (const locale of locales)
          if (!names[locale])
            problems.push({
              pointer: `${pointer('criteria')}/${index}/names/${locale}`,
              code: 'REQUIRED',
              detail: 'Name the criterion in each language of the portal.',
            });
        return {
          names: Object.fromEntries(locales.map((locale) => [locale, names[locale] ?? ''])),
        };
      });
      if (problems.length > 0) throw ApiError.validation(problems);
      await replaceRubric(services.db, portal.id, rubricActor(account, request.ip), criteria);
      await portalSettingsChanged(services, portal.id);
      const fresh = (await services.portals.findById(portal.id)) ?? portal;
      return rubricDocument(services, fresh);
    },
  }),
];
