import type { Kysely } from 'kysely';

/**
 * Notifications written as plain English text before message keys existed become key + parameters
 * where their text matches a known message, so they too are read in the reader's language. A text
 * that matches nothing keeps its text. The patterns are the texts as they were written then.
 */
const KNOWN_TEXTS: Array<{ key: string; pattern: RegExp }> = [
  { key: 'coach_reviewed_answer', pattern: /^Your coach reviewed your answer in "(?<title>.+)"\.$/ },
  { key: 'catalog_course_added', pattern: /^A new course is available in the catalog: "(?<title>.+)"\.$/ },
  { key: 'module_reminder', pattern: /^Reminder: finish the module "(?<title>.+)" this week\.$/ },
  { key: 'coach_replied', pattern: /^Your coach replied to your question\.$/ },
  { key: 'certificate_ready', pattern: /^Your certificate "(?<title>.+)" is ready\.$/ },
  { key: 'announcement_published', pattern: /^The academy published a new announcement\.$/ },
  { key: 'reported_issue_resolved', pattern: /^A content issue you reported was resolved\.$/ },
  { key: 'course_settings_changed', pattern: /^Course settings were changed by an administrator\.$/ },
  { key: 'course_completed', pattern: /^You completed the course "(?<title>.+)"\. Well done!$/ },
  {
    key: 'content_issue_resolved',
    pattern: /^The problem you reported in "(?<title>.+)" has been resolved\. Thank you!$/,
  },
  { key: 'answer_approved', pattern: /^Your answer to "(?<title>.+)" was approved\.$/ },
  {
    key: 'answer_revision_requested',
    pattern: /^Your coach asked you to revise your answer to "(?<title>.+)"\.$/,
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Few distinct texts stand behind many rows: one update per distinct text that matches.
  const texts: Array<{ message: string }> = await db
    .selectFrom('notifications')
    .select('message')
    .distinct()
    .where('message_key', 'is', null)
    .execute();
  for (const { message } of texts) {
    for (const { key, pattern } of KNOWN_TEXTS) {
      const match = pattern.exec(message);
      if (!match) continue;
      await db
        .updateTable('notifications')
        .set({ message_key: key, message_params: JSON.stringify({ ...match.groups }) })
        .where('message_key', 'is', null)
        .where('message', '=', message)
        .execute();
      break;
    }
  }
}
