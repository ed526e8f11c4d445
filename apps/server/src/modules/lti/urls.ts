/** The platform's LTI addresses on a portal (decision 070): all under /lti on the portal's own host. */
export const LTI_PREFIX = '/lti';

export function ltiUrls(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  const at = (path: string) => `${base}${LTI_PREFIX}${path}`;
  return {
    issuer: base,
    jwks: at('/jwks'),
    openidConfiguration: at('/openid-configuration'),
    registration: at('/registrations'),
    authorization: at('/authorize'),
    token: at('/token'),
    deepLinkingReturn: at('/deep-linking-return'),
    lineItems: (courseId: number) => at(`/courses/${courseId}/line_items`),
    lineItem: (courseId: number, lineItemId: number) => at(`/courses/${courseId}/line_items/${lineItemId}`),
    memberships: (courseId: number) => at(`/courses/${courseId}/memberships`),
  };
}
