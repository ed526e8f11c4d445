/**
 * Record-level authorisation for handlers and services: the permission model of @leerpad/core,
 * answered as the API does. A record of another portal is a 404, as if it did not exist; any other
 * refusal is a 403, or a 404 where even knowing the record exists would tell too much.
 */
import { can, crossesPortal, requiredFeature } from '@leerpad/core';
import type { Permission, PermissionRecord, PermissionSubject } from '@leerpad/core';
import { ApiError } from './errors';
import type { PortalContext } from '../context/portal';
import type { AccountContext } from '../context/account';

/** The account as the permission model sees it, on the portal of the request when one is given. */
export function subjectOf(
  account: AccountContext,
  portal?: Pick<PortalContext, 'features'>,
): PermissionSubject {
  return {
    accountId: account.id,
    portalId: account.portalId,
    roles: account.roles,
    ...(portal ? { features: portal.features } : {}),
  };
}

export interface AuthorizeOptions {
  /** Answer 404 instead of 403, so that a refused caller cannot tell the record exists. */
  conceal?: boolean;
  /** The resource named in the 404 detail. */
  resource?: string;
}

export function authorize(
  account: AccountContext,
  portal: Pick<PortalContext, 'features'>,
  permission: Permission,
  record?: PermissionRecord,
  options: AuthorizeOptions = {},
): void {
  const feature = requiredFeature(permission);
  if (feature && !portal.features.has(feature)) throw ApiError.featureDisabled(feature);
  const subject = subjectOf(account, portal);
  if (can(subject, permission, record)) return;
  if (options.conceal || crossesPortal(subject, permission, record))
    throw ApiError.notFound(options.resource);
  throw ApiError.forbidden();
}
