import type { Locale } from '@leerpad/core';
import { readerLocale } from '../../http/locale';
import type { Executor } from '../../db/schema';

/** The language a notification or e-mail to this account is written in: theirs, else the portal's. */
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
  return readerLocale(account, portal);
}

/** Links into the student course player (SPEC §2: /courses/{id}). */
export const courseLink = (courseId: number, learningObjectId?: number | null) =>
  learningObjectId ? `/courses/${courseId}?learning_object=${learningObjectId}` : `/courses/${courseId}`;
