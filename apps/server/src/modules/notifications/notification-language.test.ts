import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as convertTextsToKeys } from '../../db/migrations/20261125160000_notification_texts_to_keys';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let student: string;
let studentId: number;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.login('student@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
});
afterAll(() => t.close());

const messages = async () => {
  const response = await t.app.inject({
    url: `/api/v1/accounts/${studentId}/notifications?page[size]=8`,
    headers: { cookie: student, host: 'localhost' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().data as Array<{ attributes: { message: string } }>).map(
    (n) => n.attributes.message,
  );
};

const setLocale = async (locale: string | null) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/accounts/${studentId}`,
    headers: { ...XHR, cookie: student, host: 'localhost' },
    payload: { locale },
  });
  expect(response.statusCode).toBe(200);
};

describe('notifications in the reader language', () => {
  it('shows the demo notifications of a Dutch student in Dutch, and in English after a switch', async () => {
    await setLocale(null);
    const dutch = await messages();
    expect(dutch).toContain('Je coach heeft je vraag beantwoord.');
    expect(dutch).toContain('De academie heeft een nieuwe mededeling geplaatst.');
    expect(dutch.some((text) => text.startsWith('Herinnering: rond de module'))).toBe(true);

    await setLocale('en');
    const english = await messages();
    expect(english).toHaveLength(dutch.length);
    expect(english).toContain('Your coach replied to your question.');
    expect(english).toContain('The academy published a new announcement.');
    expect(english.some((text) => text.startsWith('Reminder: finish the module'))).toBe(true);

    await setLocale('ro');
    expect(await messages()).toContain('Coach-ul tău ți-a răspuns la întrebare.');
    await setLocale(null);
  });

  it('turns old English rows into keys where the text is known and keeps unknown texts', async () => {
    const portal = await t.services.db
      .selectFrom('accounts')
      .select('portal_id')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    const now = new Date(Date.now() + 60_000).toISOString();
    const legacy = (message: string) => ({
      portal_id: portal.portal_id,
      account_id: studentId,
      message,
      link: null,
      received_at: now,
      read_at: now,
    });
    await t.services.db
      .insertInto('notifications')
      .values([
        legacy('Your certificate "Forklift licence" is ready.'),
        legacy('Your coach replied to your question.'),
        legacy('A message nobody knows.'),
      ])
      .execute();
    await convertTextsToKeys(t.services.db);
    const texts = (await messages()).slice(0, 3).sort();
    expect(texts).toEqual(
      [
        'A message nobody knows.',
        'Je certificaat "Forklift licence" staat klaar.',
        'Je coach heeft je vraag beantwoord.',
      ].sort(),
    );
  });
});
