import type { Permission } from './permissions';

/**
 * What each permission allows, in words, for the OpenAPI document and the API-token form. Kept apart
 * from the rules so that the web app's first load carries the rules without these texts.
 */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'enter:admin': 'Use the admin environment.',
  'enter:coach': 'Use the coach environment.',
  'enter:student': 'Use the student environment.',
  'manage:portal': 'Switch between portals and read every portal (platform staff).',
  'read:any-course': 'See every course of the portal, drafts and archived ones included.',
  'manage:course':
    'Create, edit, reorder and delete courses, learning objects, quizzes, categories and labels.',
  'triage:content-issue': 'See and resolve every content issue of the portal.',
  'review:answer': 'Read handed-in answers and review them; students read their own.',
  'follow:student': "See a student's enrolments, progress, quiz attempts and contact details.",
  'read:account': 'Read an account and what it owns (preferences, notifications, promotions).',
  'update:account':
    "Change an account's name, phone number and language, its preferences and its notifications' read state; the account itself may too.",
  'search:account': 'Search the accounts of the portal.',
  'manage:account': 'Create, change, deactivate and import accounts.',
  'read:analytics': 'See page views per route and per day.',
  'read:audit-log': 'Read and export the audit log of the portal.',
  'act-as:account': 'Act as another account, with a reason.',
  'use:support-palette': 'Open the support palette (ctrl+k).',
  'manage:announcement': 'Write and publish announcements.',
  'manage:certification': 'Define certifications and assign them.',
  'read:certificate': 'See a certificate, its PDF and its verifiable credential; holders see their own.',
  'keep:portfolio':
    'Keep a portfolio: add items, ask for feedback on them by e-mail and edit the public profile.',
  'comment:portfolio-item': 'Read and comment on the portfolio items students share with their coaches.',
  'read:qualifications':
    'See the qualifications report: which students hold which certifications (coaches: their own students).',
  'manage:order': 'See and change orders, sales catalogs and promotions.',
  'manage:marketing': 'Change mailing-list settings and export consenting accounts.',
  'manage:portal-settings':
    'Change integrations, languages, agreements, order automations and content labels.',
  'manage:portal-domains': "Add and remove the portal's web addresses and choose its primary one.",
  'manage:portal-branding':
    "Change the portal's name, colours, logo, favicon, support links and business model.",
  'manage:feature-flag': "Switch the portal's features on and off.",
  'manage:coach-mandate': 'Grant coaches the mandate to approve requests.',
  'decide:approval-request':
    "Approve or reject students' requests (enrolment in an approval course) for the courses of one's mandate.",
  'ask:ticket': 'Ask a coach a question (a ticket), reply to it, close and reopen it.',
  'answer:ticket':
    "Read and answer the tickets of one's students (or of every student without a primary coach).",
  'oversee:ticket': 'Read every ticket of the portal.',
  'use:chat': "Use the portal's chat widget.",
  'plan:follow-up': 'Plan follow-ups with students, list them and mark them done.',
  'give:feedback': 'Send product feedback and upvote ideas.',
};

export function describePermission(permission: Permission): string {
  return PERMISSION_DESCRIPTIONS[permission];
}
