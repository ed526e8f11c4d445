import type { RouteDefinition } from '../http/route';
import type { JobDefinition } from '../jobs/job-definition';
import { authJobs } from './auth/jobs';
import { agreementRoutes } from './agreements/routes';
import { mailingListRoutes } from './mailing-list/routes';
import { announcementJobs } from './announcements/jobs';
import { announcementRoutes } from './announcements/routes';
import { webhookJobs } from './webhooks/jobs';
import { webhookRoutes } from './webhooks/routes';
import { commerceJobs } from './commerce/jobs';
import { commerceRoutes } from './commerce/routes';
import { certificationJobs } from './certifications/jobs';
import { qualificationRoutes } from './coaching/qualification-routes';
import { certificationRoutes } from './certifications/routes';
import { coachingRoutes, coachOverviewRoutes } from './coaching/routes';
import { followUpRoutes } from './coaching/follow-up-routes';
import { coachingJobs } from './coaching/jobs';
import { accountRoutes } from './accounts/routes';
import { adminOverviewRoutes } from './admin-overview/routes';
import { accountImportJobs } from './accounts/import';
import { auditRoutes } from './audit/routes';
import { answerRoutes } from './answers/routes';
import { apiTokenRoutes } from './api-tokens/routes';
import { xapiCredentialRoutes } from './xapi/credential-routes';
import { clientErrorRoutes } from './client-errors/routes';
import { analyticsRoutes } from './analytics/routes';
import { catalogCategoryRoutes } from './catalog-categories/routes';
import { contentIssueRoutes } from './content-issues/routes';
import { contentLabelRoutes } from './content-labels/routes';
import { courseRoutes } from './courses/routes';
import { enrollmentRoutes } from './enrollments/routes';
import { fileRoutes } from './files/routes';
import { impersonationRoutes } from './impersonations/routes';
import { learningObjectRoutes } from './learning-objects/routes';
import { quizRoutes } from './quizzes/routes';
import { authRoutes } from './auth/routes';
import { feedbackRoutes } from './feedback/routes';
import { featureFlagRoutes } from './feature-flags/routes';
import { meRoutes } from './me/routes';
import { notificationRoutes } from './notifications/routes';
import { portalRoutes } from './portals/routes';
import { portalSetupRoutes } from './portal-setup/routes';
import { portalBrandingRoutes } from './portals/branding-routes';
import { preferenceRoutes } from './preferences/routes';
import { subscriptionPromotionRoutes } from './subscription-promotions/routes';
import { portfolioRoutes } from './portfolio/routes';
import { profileRoutes } from './portfolio/profile-routes';
import { ticketRoutes } from './tickets/routes';
import { approvalRoutes } from './approvals/routes';
import { portalTransferRoutes } from './portal-transfer/routes';
import { portalTransferJobs } from './portal-transfer/service';
import { scormRoutes } from './scorm/routes';
import { cmi5Routes } from './cmi5/routes';
import { ltiRoutes } from './lti/routes';

// Each module's included-record loaders and relationships (http/includes.ts), registered once here.
import './accounts/resources';
import './answers/resources';
import './approvals/resources';
import './catalog-categories/resources';
import './coaching/resources';
import './content-issues/resources';
import './content-labels/resources';
import './course-content/resources';
import './courses/resources';
import './enrollments/resources';
import './files/resources';
import './learning-objects/resources';
import './portals/resources';
import './scorm/resources';
import './cmi5/resources';
import './tickets/resources';

/** Every API route of every module; each declares its access policy (checked at start-up). */
export const allRoutes: RouteDefinition[] = [
  ...authRoutes,
  ...meRoutes,
  ...accountRoutes,
  ...preferenceRoutes,
  ...notificationRoutes,
  ...subscriptionPromotionRoutes,
  ...portalRoutes,
  ...portalSetupRoutes,
  ...portalBrandingRoutes,
  ...featureFlagRoutes,
  ...apiTokenRoutes,
  ...xapiCredentialRoutes,
  ...webhookRoutes,
  ...feedbackRoutes,
  ...courseRoutes,
  ...learningObjectRoutes,
  ...scormRoutes,
  ...cmi5Routes,
  ...ltiRoutes,
  ...enrollmentRoutes,
  ...quizRoutes,
  ...answerRoutes,
  ...catalogCategoryRoutes,
  ...contentLabelRoutes,
  ...contentIssueRoutes,
  ...fileRoutes,
  ...clientErrorRoutes,
  ...analyticsRoutes,
  ...auditRoutes,
  ...impersonationRoutes,
  ...commerceRoutes,
  ...certificationRoutes,
  ...qualificationRoutes,
  ...announcementRoutes,
  ...agreementRoutes,
  ...mailingListRoutes,
  ...ticketRoutes,
  ...portfolioRoutes,
  ...profileRoutes,
  ...coachingRoutes,
  ...followUpRoutes,
  ...coachOverviewRoutes,
  ...adminOverviewRoutes,
  ...approvalRoutes,
  ...portalTransferRoutes,
];

/** Every background job of every module; the app defines each on the job queue at start. */
export const allJobs: JobDefinition[] = [
  ...authJobs,
  ...webhookJobs,
  ...commerceJobs,
  ...certificationJobs,
  ...announcementJobs,
  ...accountImportJobs,
  ...coachingJobs,
  ...portalTransferJobs,
];
