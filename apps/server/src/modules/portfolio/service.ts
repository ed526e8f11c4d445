import { isLocale, LANGUAGES } from '@leerpad/core';
import { findInPortal } from '../../db/find-in-portal';
import type { Locale } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { FeedbackRequestRow, PortfolioItemRow } from '../../db/schema-portfolio';
import { Gone, NotFound } from '../../domain/errors';
import { portalLanguage } from '../../http/locale';
import type { PortalContext } from '../../context/portal';
import { hashToken } from '../../http/session';
import { verifyUrl } from '../certifications/presenter';
import { localized } from '../certifications/service';
import type { FEEDBACK_STATES, PortfolioItemResource } from './schema';
import { ITEM_KINDS, VISIBILITIES } from './schema';

/** A feedback link works for 14 days. */
export const FEEDBACK_LINK_DAYS = 14;

/** The rubric when staff set none (portal parameter `portfolio_rubric`). */
const DEFAULT_RUBRIC: Record<Locale, string[]> = {
  en: ['Quality of the work', 'Applying what was learned', 'Professional attitude'],
  nl: ['Kwaliteit van het werk', 'Toepassen van het geleerde', 'Professionele houding'],
  ro: ['Calitatea muncii', 'Aplicarea celor învățate', 'Atitudine profesională'],
};

export const RUBRIC_PARAMETER = 'portfolio_rubric';
export const RUBRIC_MAX_CRITERIA = 10;

/** One criterion of the rubric: its name in each language the portal offers. */
export type RubricCriterion = { names: Partial<Record<Locale, string>> };

/**
 * The rubric staff set, or null. The parameter holds a JSON array of criteria, each
 * `{ "names": { "en": …, "nl": … } }`; a plain string (the earlier form) is a name in every language.
 */
export function storedRubric(portal: Pick<PortalContext, 'parameters'>): RubricCriterion[] | null {
  const raw = portal.parameters.find((parameter) => parameter.type === RUBRIC_PARAMETER)?.data;
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    const criteria = parsed
      .map((entry): RubricCriterion | null => {
        if (typeof entry === 'string')
          return entry.trim() ? { names: Object.fromEntries(LANGUAGES.map((l) => [l, entry.trim()])) } : null;
        const names = (entry as { names?: unknown } | null)?.names;
        if (!names || typeof names !== 'object') return null;
        const kept = Object.fromEntries(
          Object.entries(names as Record<string, unknown>).filter(
            (pair): pair is [Locale, string] =>
              isLocale(pair[0]) && typeof pair[1] === 'string' && pair[1].trim() !== '',
          ),
        );
        return Object.keys(kept).length > 0 ? { names: kept } : null;
      })
      .filter((criterion): criterion is RubricCriterion => criterion !== null)
      .slice(0, RUBRIC_MAX_CRITERIA);
    return criteria.length > 0 ? criteria : null;
  } catch {
    // A broken setting falls back to the default rubric.
    return null;
  }
}

/** The default rubric with a name in every language. */
export const defaultRubric = (): RubricCriterion[] =>
  DEFAULT_RUBRIC.en.map((_, index) => ({
    names: Object.fromEntries(LANGUAGES.map((locale) => [locale, DEFAULT_RUBRIC[locale][index]!])),
  }));

/**
 * The portal's rubric as the criteria a feedback request is sent with: the names staff set in the
 * portal's primary language (another of its names when that one is missing), else the default.
 */
export function rubricOf(portal: PortalContext): string[] {
  const locale = portalLanguage(portal);
  const stored = storedRubric(portal);
  if (!stored) return DEFAULT_RUBRIC[locale];
  return stored.map(
    (criterion) =>
      criterion.names[locale] ?? LANGUAGES.map((other) => criterion.names[other]).find(Boolean) ?? '',
  );
}

export const parseJsonList = <T>(text: string | null): T[] => {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

export const feedbackState = (row: FeedbackRequestRow): (typeof FEEDBACK_STATES)[number] =>
  row.rated_at ? 'rated' : row.expires_at <= nowIso() ? 'expired' : 'pending';

export const publicProfileUrl = (baseUrl: string, handle: string) =>
  `${baseUrl.replace(/\/+$/, '')}/profiles/${encodeURIComponent(handle)}`;

export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

/** An item of the portal, or 404. */
export const findItem = (db: Executor, scope: PortalScope, id: number): Promise<PortfolioItemRow> =>
  findInPortal(db, 'portfolio_items', scope, id);

/**
 * Adds the student's certificates that have no item yet (a certificate is added to the portfolio
 * automatically, private until the student shares it). The unique (account, certificate) pair
 * makes concurrent calls add each once.
 */
export async function addCertificateItems(
  db: Executor,
  portal: PortalContext,
  accountId: number,
): Promise<void> {
  const missing = await db
    .selectFrom('certificates')
    .innerJoin('certifications', 'certifications.id', 'certificates.certification_id')
    .leftJoin('portfolio_items', (join) =>
      join
        .onRef('portfolio_items.certificate_id', '=', 'certificates.id')
        .onRef('portfolio_items.account_id', '=', 'certificates.account_id'),
    )
    .selectAll('certifications')
    .select(['certificates.id as certificate_id', 'certificates.issued_at'])
    .where('certificates.portal_id', '=', portal.id)
    .where('certificates.account_id', '=', accountId)
    .where('portfolio_items.id', 'is', null)
    .execute();
  if (missing.length === 0) return;
  const locale = portalLanguage(portal);
  const now = nowIso();
  await db
    .insertInto('portfolio_items')
    .values(
      missing.map((row) => ({
        portal_id: portal.id,
        account_id: accountId,
        kind: 'certificate',
        title: localized(row, locale).name,
        body: '',
        url: null,
        course_id: null,
        certificate_id: row.certificate_id,
        visibility: 'private',
        created_at: row.issued_at,
        updated_at: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['account_id', 'certificate_id']).doNothing())
    .execute();
}

/** Items as resources: files, course, certificate, comment counts and (for the owner) ratings. */
export async function presentItems(
  db: Executor,
  portal: PortalContext,
  rows: PortfolioItemRow[],
  viewer: { id: number; comments: boolean },
): Promise<PortfolioItemResource[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const fileIds = [...new Set(rows.flatMap((row) => parseJsonList<number>(row.file_ids)))];
  const courseIds = [...new Set(rows.map((row) => row.course_id).filter((id): id is number => id !== null))];
  const certificateIds = [
    ...new Set(rows.map((row) => row.certificate_id).filter((id): id is number => id !== null)),
  ];
  const owned = rows.filter((row) => row.account_id === viewer.id).map((row) => row.id);
  const [files, courses, certificates, counts, ratings] = await Promise.all([
    fileIds.length === 0
      ? []
      : db
          .selectFrom('files')
          .select(['id', 'name', 'content_type', 'byte_size'])
          .where('portal_id', '=', portal.id)
          .where('id', 'in', fileIds)
          .execute(),
    courseIds.length === 0
      ? []
      : db
          .selectFrom('courses')
          .select(['id', 'title'])
          .where('portal_id', '=', portal.id)
          .where('id', 'in', courseIds)
          .execute(),
    certificateIds.length === 0
      ? []
      : db
          .selectFrom('certificates')
          .select(['id', 'code'])
          .where('portal_id', '=', portal.id)
          .where('id', 'in', certificateIds)
          .execute(),
    db
      .selectFrom('portfolio_comments')
      .select(['item_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('item_id', 'in', ids)
      .groupBy('item_id')
      .execute(),
    owned.length === 0
      ? []
      : db
          .selectFrom('feedback_requests')
          .selectAll()
          .where('portal_id', '=', portal.id)
          .where('item_id', 'in', owned)
          .where('rated_at', 'is not', null)
          .orderBy('rated_at', 'desc')
          .execute(),
  ]);
  const fileById = new Map(files.map((file) => [file.id, file]));
  const courseTitle = new Map(courses.map((course) => [course.id, course.title]));
  const codeOf = new Map(certificates.map((certificate) => [certificate.id, certificate.code]));
  const countOf = new Map(counts.map((row) => [row.item_id, Number(row.count)]));
  return rows.map((row) => {
    const owns = row.account_id === viewer.id;
    const code = row.certificate_id !== null ? (codeOf.get(row.certificate_id) ?? null) : null;
    return {
      type: 'portfolio_items',
      id: String(row.id),
      attributes: {
        kind: (ITEM_KINDS as readonly string[]).includes(row.kind)
          ? (row.kind as (typeof ITEM_KINDS)[number])
          : 'reflection',
        title: row.title,
        body: row.body,
        url: row.url,
        files: parseJsonList<number>(row.file_ids)
          .map((id) => fileById.get(id))
          .filter((file) => file !== undefined)
          .map((file) => ({
            id: String(file.id),
            name: file.name,
            content_type: file.content_type,
            size: Number(file.byte_size),
          })),
        course_title: row.course_id !== null ? (courseTitle.get(row.course_id) ?? null) : null,
        certificate_code: code,
        verify_url: code ? verifyUrl(portal.row.base_url, code) : null,
        visibility: (VISIBILITIES as readonly string[]).includes(row.visibility)
          ? (row.visibility as (typeof VISIBILITIES)[number])
          : 'private',
        competencies: parseJsonList<string>(row.competencies),
        comment_count: countOf.get(row.id) ?? 0,
        ratings: ratings
          .filter((request) => request.item_id === row.id)
          .map((request) => {
            const criteria = parseJsonList<string>(request.criteria);
            const scores = parseJsonList<number>(request.scores);
            return {
              id: String(request.id),
              rater_name: request.name,
              scores: criteria.map((criterion, index) => ({ criterion, score: Number(scores[index] ?? 0) })),
              comment: request.comment,
              rated_at: request.rated_at!,
            };
          }),
        created_at: row.created_at,
        updated_at: row.updated_at,
      },
      relationships: {
        student: { data: { type: 'accounts', id: String(row.account_id) } },
        course: { data: row.course_id !== null ? { type: 'courses', id: String(row.course_id) } : null },
      },
      meta: {
        abilities: {
          edit: owns,
          delete: owns && row.kind !== 'certificate',
          comment: !owns && viewer.comments && row.visibility !== 'private',
          ask_feedback: owns,
        },
      },
    };
  });
}

/** The request behind a feedback link, or the clear refusal: forged 404, used or expired 410. */
export async function requestOfToken(
  db: Executor,
  scope: PortalScope,
  token: string,
): Promise<FeedbackRequestRow> {
  const row = await db
    .selectFrom('feedback_requests')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row)
    throw new NotFound({
      code: 'RATING_LINK_UNKNOWN',
      title: 'Not found',
      detail: 'This feedback link is not valid.',
    });
  if (row.rated_at) throw linkUsed();
  if (row.expires_at <= nowIso())
    throw new Gone({ code: 'RATING_LINK_EXPIRED', title: 'Gone', detail: 'This feedback link has expired.' });
  return row;
}

export const linkUsed = () =>
  new Gone({
    code: 'RATING_LINK_USED',
    title: 'Gone',
    detail: 'Feedback was already given through this link.',
  });
