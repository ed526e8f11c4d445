import type { Migration } from 'kysely';
import * as foundation from './20261121090000_foundation';
import * as feedback from './20261121093000_feedback';
import * as learning from './20261121100000_learning';
import * as upvotesPerAccount from './20261124090000_feedback_upvotes_per_account';
import * as jobs from './20261124100000_jobs';
import * as registrations from './20261124110000_registrations';
import * as answerInvitations from './20261124120000_answer_invitations';
import * as notificationKeys from './20261125090000_notification_keys';
import * as auditEvents from './20261125091000_audit_events';
import * as notificationTextsToKeys from './20261125160000_notification_texts_to_keys';
import * as accountAdministration from './20261125120000_account_administration';
import * as impersonations from './20261125130000_impersonations';
import * as announcements from './20261125130100_announcements';
import * as integrations from './20261125140000_integrations';
import * as xapi from './20261202600000_xapi';
import * as xapiSelfStatements from './20261203300000_xapi_self_statements';
import * as analytics from './20261203500000_analytics';
import * as quizAttemptAnswers from './20261203700000_quiz_attempt_answers';
import * as commerce from './20261125150000_commerce';
import * as certifications from './20261125170000_certifications';
import * as agreements from './20261126130000_agreements';
import * as mailingList from './20261126130100_mailing_list';
import * as tickets from './20261126110000_tickets';
import * as followUps from './20261126100000_follow_ups';
import * as adminOverviewIndexes from './20261127202001_admin_overview_indexes';
import * as ordersTotalIndex from './20261127201000_orders_total_index';
import * as portfolio from './20261127204000_portfolio';
import * as approvals from './20261127203000_approvals';
import * as coachingIndexes from './20261127205000_coaching_indexes';
import * as paymentProviders from './20261127208000_payment_providers';
import * as orderStateCounts from './20261127208100_order_state_counts';
import * as storedProgress from './20261127210000_stored_progress';
import * as portalWeekCounts from './20261128090400_portal_week_counts';
import * as studentFigures from './20261129050000_student_figures';
import * as qualificationCells from './20261130090000_qualification_cells';
import * as promotionRedemptions from './20261201100000_promotion_redemptions';
import * as mailOutbox from './20261201200000_mail_outbox';
import * as renewalCharges from './20261201300000_renewal_charges';
import * as portalLifecycle from './20261202100000_portal_lifecycle';
import * as subscriptionPromotionKinds from './20261202400000_subscription_promotion_kinds';
import * as portalExports from './20261202300000_portal_exports';
import * as scorm from './20261202700000_scorm';
import * as cmi5 from './20261203200000_cmi5';
import * as lti from './20261203400000_lti';

/** Every migration, by its timestamped name. Forward-only; each runs on SQLite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '20261121090000_foundation': foundation,
  '20261121093000_feedback': feedback,
  '20261121100000_learning': learning,
  '20261124090000_feedback_upvotes_per_account': upvotesPerAccount,
  '20261124100000_jobs': jobs,
  '20261124110000_registrations': registrations,
  '20261124120000_answer_invitations': answerInvitations,
  '20261125090000_notification_keys': notificationKeys,
  '20261125091000_audit_events': auditEvents,
  '20261125160000_notification_texts_to_keys': notificationTextsToKeys,
  '20261125120000_account_administration': accountAdministration,
  '20261125130000_impersonations': impersonations,
  '20261125130100_announcements': announcements,
  '20261125140000_integrations': integrations,
  '20261125150000_commerce': commerce,
  '20261125170000_certifications': certifications,
  '20261126130000_agreements': agreements,
  '20261126130100_mailing_list': mailingList,
  '20261126110000_tickets': tickets,
  '20261126100000_follow_ups': followUps,
  '20261127202001_admin_overview_indexes': adminOverviewIndexes,
  '20261127201000_orders_total_index': ordersTotalIndex,
  '20261127204000_portfolio': portfolio,
  '20261127203000_approvals': approvals,
  '20261127205000_coaching_indexes': coachingIndexes,
  '20261127208000_payment_providers': paymentProviders,
  '20261127208100_order_state_counts': orderStateCounts,
  '20261127210000_stored_progress': storedProgress,
  '20261128090400_portal_week_counts': portalWeekCounts,
  '20261129050000_student_figures': studentFigures,
  '20261130090000_qualification_cells': qualificationCells,
  '20261201100000_promotion_redemptions': promotionRedemptions,
  '20261201200000_mail_outbox': mailOutbox,
  '20261201300000_renewal_charges': renewalCharges,
  '20261202100000_portal_lifecycle': portalLifecycle,
  '20261202400000_subscription_promotion_kinds': subscriptionPromotionKinds,
  '20261202300000_portal_exports': portalExports,
  '20261202600000_xapi': xapi,
  '20261202700000_scorm': scorm,
  '20261203200000_cmi5': cmi5,
  '20261203300000_xapi_self_statements': xapiSelfStatements,
  '20261203400000_lti': lti,
  '20261203500000_analytics': analytics,
  '20261203700000_quiz_attempt_answers': quizAttemptAnswers,
};
