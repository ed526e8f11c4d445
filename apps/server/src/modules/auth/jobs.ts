import { defineJob } from '../../jobs/job-definition';
import { mailRegistration, REGISTRATION_MAIL, requestPasswordReset } from './service';

/**
 * The reset link is looked up and mailed in the background, so that the answer to "forgot password"
 * takes the same time whether or not the account exists.
 */
export const PASSWORD_RESET_MAIL = 'password_reset_mail';

export const authJobs = [
  defineJob({
    name: PASSWORD_RESET_MAIL,
    retry: { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 60 },
    async run(services, payload) {
      const portal = await services.portals.findById(Number(payload.portalId));
      if (portal) await requestPasswordReset(services, portal, String(payload.email));
    },
  }),
  defineJob({
    name: REGISTRATION_MAIL,
    retry: { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 60 },
    async run(services, payload) {
      const portal = await services.portals.findById(Number(payload.portalId));
      if (!portal) return;
      await mailRegistration(services, portal, {
        email: String(payload.email),
        fullName: String(payload.fullName),
        passwordHash: String(payload.passwordHash),
        locale: typeof payload.locale === 'string' ? payload.locale : null,
      });
    },
  }),
];
