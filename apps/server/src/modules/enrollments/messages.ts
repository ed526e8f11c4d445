import { DEFAULT_LANGUAGE, isLocale } from '@leerpad/core';
import type { Locale } from '@leerpad/core';
import type { Executor } from '../../db/schema';

/**
 * Notifications are stored as text, so they are written in the recipient's language: the account's
 * own, else the portal's default language.
 */
const MESSAGES = {
  course_completed: {
    en: 'You completed the course "{title}". Well done!',
    nl: 'Je hebt de cursus "{title}" afgerond. Goed gedaan!',
    ro: 'Ai finalizat cursul „{title}”. Felicitări!',
  },
  content_issue_resolved: {
    en: 'The problem you reported in "{title}" has been resolved. Thank you!',
    nl: 'Het probleem dat je meldde in "{title}" is opgelost. Bedankt!',
    ro: 'Problema raportată de tine în „{title}” a fost rezolvată. Mulțumim!',
  },
  answer_approved: {
    en: 'Your answer to "{title}" was approved.',
    nl: 'Je antwoord op "{title}" is goedgekeurd.',
    ro: 'Răspunsul tău la „{title}” a fost aprobat.',
  },
  answer_revision_requested: {
    en: 'Your coach asked you to revise your answer to "{title}".',
    nl: 'Je coach vraagt je om je antwoord op "{title}" aan te passen.',
    ro: 'Coach-ul tău ți-a cerut să revizuiești răspunsul la „{title}”.',
  },
  answer_invitation: {
    en: 'A classmate asked you to join their group answer to "{title}". Accept or decline it in the assignment.',
    nl: 'Een medecursist vraagt je mee te doen aan een groepsantwoord op "{title}". Accepteer of weiger het in de opdracht.',
    ro: 'Un coleg te-a invitat să faci parte din răspunsul de grup la „{title}”. Acceptă sau refuză invitația în temă.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function notificationMessage(key: MessageKey, locale: Locale, params: { title: string }): string {
  return MESSAGES[key][locale].replace('{title}', params.title);
}

export async function recipientLocale(
  db: Executor,
  accountId: number,
  portal: { parameters: Array<{ type: string; data: string }> },
): Promise<Locale> {
  const account = await db
    .selectFrom('accounts')
    .select('locale')
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (isLocale(account?.locale)) return account.locale;
  const portalDefault = portal.parameters.find((parameter) => parameter.type === 'default_language')?.data;
  return isLocale(portalDefault) ? portalDefault : DEFAULT_LANGUAGE;
}

/** Links into the student course player (SPEC §2: /courses/{id}). */
export const courseLink = (courseId: number, learningObjectId?: number | null) =>
  learningObjectId ? `/courses/${courseId}?learning_object=${learningObjectId}` : `/courses/${courseId}`;
