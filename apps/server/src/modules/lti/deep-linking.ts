/**
 * What a launch is about (who, which course, which link), and Deep Linking 2.0 (decision 070): the
 * request carries `data`, a short JWT we sign ourselves naming the launch; the tool's response must
 * hand it back, signed by the tool, and each becomes an `lti` learning object in the section the
 * author chose (with its line item when the tool sent one).
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import type { PortalContext } from '../../context/portal';
import type { Executor } from '../../db/schema';
import type { Services } from '../../context/services';
import { nowIso } from '../../db/dialect';
import type { LtiLaunchRow, LtiToolRow } from '../../db/schema-lti';
import { findSection } from '../course-content/queries';
import { createLearningObject } from '../learning-objects/service';
import { LtiHttpError } from './http-error';
import { LTI_ALG, ltiSigningKey } from './keys';
import { CLAIM, DL_CLAIM, useOnce } from './launch';
import type { LaunchSubject } from './launch';
import { customOf } from './tools';
import { ltiUrls } from './urls';

const DATA_MINUTES = 60;

export async function launchSubject(
  services: Services,
  portal: PortalContext,
  launch: LtiLaunchRow,
): Promise<{ subject: LaunchSubject; deepLinkingData: string | null }> {
  const db = services.db;
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'full_name', 'email', 'locale'])
    .where('id', '=', launch.account_id)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('account_roles')
    .select('role')
    .where('account_id', '=', launch.account_id)
    .execute();
  const course = await db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('portal_id', '=', portal.id)
    .where('id', '=', launch.course_id)
    .executeTakeFirstOrThrow();
  const enrollment = await db
    .selectFrom('enrollments')
    .select('id')
    .where('course_id', '=', launch.course_id)
    .where('account_id', '=', launch.account_id)
    .executeTakeFirst();
  let link: LaunchSubject['link'] = null;
  let lineItemId: number | null = null;
  if (launch.learning_object_id) {
    const row = await db
      .selectFrom('lti_resource_links')
      .innerJoin('learning_objects', 'learning_objects.id', 'lti_resource_links.learning_object_id')
      .select([
        'lti_resource_links.resource_link_id',
        'lti_resource_links.url',
        'lti_resource_links.custom',
        'learning_objects.title',
      ])
      .where('lti_resource_links.learning_object_id', '=', launch.learning_object_id)
      .where('lti_resource_links.portal_id', '=', portal.id)
      .executeTakeFirstOrThrow();
    link = {
      resourceLinkId: row.resource_link_id,
      title: row.title,
      url: row.url,
      custom: customOf(row.custom),
    };
    const item = await db
      .selectFrom('lti_line_items')
      .select('id')
      .where('portal_id', '=', portal.id)
      .where('learning_object_id', '=', launch.learning_object_id)
      .orderBy('id')
      .executeTakeFirst();
    lineItemId = item?.id ?? null;
  }
  let deepLinkingData: string | null = null;
  if (launch.message_type === 'LtiDeepLinkingRequest') {
    const key = await ltiSigningKey(db, portal.id);
    deepLinkingData = await new SignJWT({ launch: launch.id })
      .setProtectedHeader({ alg: LTI_ALG, kid: key.kid })
      .setIssuer(ltiUrls(portal.row.base_url).issuer)
      .setAudience('deep-linking-data')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${DATA_MINUTES}m`)
      .sign(key.privateKey);
  }
  return {
    subject: {
      account: {
        id: account.id,
        fullName: account.full_name,
        email: account.email,
        locale: account.locale,
        roles: roles.map((row) => row.role),
      },
      enrolled: Boolean(enrollment),
      course,
      link,
      lineItemId,
      portal: { id: portal.id, name: portal.name, baseUrl: portal.row.base_url },
    },
    deepLinkingData,
  };
}

/** The launch a deep-linking response's `data` names, accepted once; null when not ours or used. */
export async function readDeepLinkingData(
  db: Executor,
  payload: Record<string, unknown>,
  ownKeys: JWTVerifyGetKey,
  issuer: string,
): Promise<number | null> {
  const data = payload[`${DL_CLAIM}data`];
  if (typeof data !== 'string') return null;
  let ours: Record<string, unknown> & { jti?: string; exp?: number };
  try {
    ours = (await jwtVerify(data, ownKeys, { issuer, audience: 'deep-linking-data' })).payload;
  } catch {
    return null;
  }
  if (!ours.jti || !ours.exp || typeof ours['launch'] !== 'number') return null;
  if (!(await useOnce(db, 'dl-data', ours.jti, new Date(ours.exp * 1000)))) return null;
  return ours['launch'];
}

interface ContentItem {
  type?: unknown;
  title?: unknown;
  url?: unknown;
  custom?: unknown;
  lineItem?: { scoreMaximum?: unknown; label?: unknown; resourceId?: unknown; tag?: unknown };
}

/** Makes an `lti` learning object of each ltiResourceLink item, at the end of the launch's section. */
export async function createDeepLinkedObjects(
  services: Services,
  portal: PortalContext,
  tool: LtiToolRow,
  launchId: number,
  payload: Record<string, unknown>,
): Promise<{ count: number; courseId: number; authorLocale: string | null }> {
  const db = services.db;
  const launch = await db
    .selectFrom('lti_launches')
    .selectAll()
    .where('id', '=', launchId)
    .where('portal_id', '=', portal.id)
    .where('tool_id', '=', tool.id)
    .where('message_type', '=', 'LtiDeepLinkingRequest')
    .executeTakeFirst();
  if (!launch?.section_id)
    throw new LtiHttpError(400, 'invalid_request', 'The deep-linking request is unknown.');
  if (payload[`${CLAIM}message_type`] !== 'LtiDeepLinkingResponse')
    throw new LtiHttpError(400, 'invalid_request', 'message_type must be LtiDeepLinkingResponse.');
  if (payload[`${CLAIM}deployment_id`] !== launch.deployment_id)
    throw new LtiHttpError(400, 'invalid_request', 'The deployment_id is not this launch’s.');
  const items = payload[`${DL_CLAIM}content_items`];
  const links = (Array.isArray(items) ? (items as ContentItem[]) : []).filter(
    (item) => item && item.type === 'ltiResourceLink',
  );
  const section = await findSection(db, portal.id, launch.section_id);
  let count = 0;
  for (const item of links.slice(0, 50)) {
    const title =
      typeof item.title === 'string' && item.title.trim() ? item.title.trim().slice(0, 200) : tool.name;
    const url = typeof item.url === 'string' && /^https?:\/\//.test(item.url) ? item.url : null;
    const custom =
      item.custom && typeof item.custom === 'object'
        ? Object.fromEntries(
            Object.entries(item.custom as Record<string, unknown>)
              .filter(([, value]) => typeof value === 'string')
              .slice(0, 50),
          )
        : {};
    const id = await createLearningObject(db, section, 'lti', { title }, undefined);
    await db
      .insertInto('lti_resource_links')
      .values({
        portal_id: portal.id,
        learning_object_id: id,
        tool_id: tool.id,
        resource_link_id: randomUUID(),
        url,
        custom: JSON.stringify(custom),
        created_at: nowIso(),
      })
      .execute();
    const maximum = Number(item.lineItem?.scoreMaximum);
    if (item.lineItem && Number.isFinite(maximum) && maximum > 0) {
      await db
        .insertInto('lti_line_items')
        .values({
          portal_id: portal.id,
          tool_id: tool.id,
          course_id: section.course_id,
          learning_object_id: id,
          label: typeof item.lineItem.label === 'string' ? item.lineItem.label.slice(0, 200) : title,
          score_maximum: maximum,
          resource_id: typeof item.lineItem.resourceId === 'string' ? item.lineItem.resourceId : null,
          tag: typeof item.lineItem.tag === 'string' ? item.lineItem.tag : null,
          created_at: nowIso(),
        })
        .execute();
    }
    count += 1;
  }
  const author = await db
    .selectFrom('accounts')
    .select('locale')
    .where('id', '=', launch.account_id)
    .executeTakeFirst();
  return { count, courseId: section.course_id, authorLocale: author?.locale ?? null };
}
