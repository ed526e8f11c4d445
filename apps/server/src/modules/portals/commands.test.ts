/**
 * Each change of a portal's languages and support links happens together with its audit entry, and
 * a refused change leaves neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalScope } from '../../db/schema';
import { Invalid } from '../../domain/errors';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { changeLanguage, changePortalInformation, disableLanguage, enableLanguage } from './commands';
import type { SettingsActor } from './commands';
import { languagesOf } from './service';

let t: TestApp;
let scope: PortalScope;
let actor: SettingsActor;

beforeAll(async () => {
  t = await createTestApp();
  const adminId = await t.accountId('admin@leerpad.test');
  const admin = await t.services.db
    .selectFrom('accounts')
    .select('portal_id')
    .where('id', '=', adminId)
    .executeTakeFirstOrThrow();
  scope = (await t.services.portals.findById(admin.portal_id))!.id;
  actor = { actorId: adminId, actingForId: null, ip: '127.0.0.1' };
});
afterAll(() => t.close());

const auditOf = (action: string) =>
  t.services.db
    .selectFrom('audit_events')
    .select(['actor_id', 'entity_id', 'details', 'ip'])
    .where('portal_id', '=', scope)
    .where('action', '=', action)
    .orderBy('id')
    .execute();

const languages = async () =>
  Object.fromEntries((await languagesOf(t.services.db, scope)).map((l) => [l.locale, Number(l.is_primary)]));

describe('portal settings commands', () => {
  it('enables a language and records who did it, once per language', async () => {
    const before = await languages();
    const missing = (['en', 'nl', 'ro'] as const).find((locale) => !(locale in before));
    // The demo academy may already have every language: take one away first, then enable it again.
    const locale = missing ?? (await takeAwayOne());
    const enabled = await enableLanguage(t.services.db, scope, actor, locale);
    expect(enabled.locale).toBe(locale);
    expect(await languages()).toMatchObject({ [locale]: 0 });
    const entries = await auditOf('portal_language.enabled');
    expect(entries.at(-1)).toMatchObject({
      actor_id: actor.actorId,
      entity_id: String(enabled.id),
      ip: '127.0.0.1',
    });
    expect(JSON.parse(entries.at(-1)!.details)).toEqual({ locale });
    // Enabling it again changes nothing: still one row of that language.
    const again = await enableLanguage(t.services.db, scope, actor, locale);
    expect(again.id).toBe(enabled.id);
    expect((await languagesOf(t.services.db, scope)).filter((l) => l.locale === locale)).toHaveLength(1);
  });

  it('makes another language primary, and keeps the default language with it', async () => {
    const all = await languagesOf(t.services.db, scope);
    const other = all.find((l) => !l.is_primary)!;
    await changeLanguage(t.services.db, scope, actor, other, { isPrimary: true });
    const now = await languages();
    expect(now[other.locale]).toBe(1);
    expect(Object.values(now).filter((flag) => flag === 1)).toHaveLength(1);
    const parameter = await t.services.db
      .selectFrom('portal_parameters')
      .select('data')
      .where('portal_id', '=', scope)
      .where('type', '=', 'default_language')
      .executeTakeFirstOrThrow();
    expect(parameter.data).toBe(other.locale);
    const entry = (await auditOf('portal_language.changed')).at(-1)!;
    expect(JSON.parse(entry.details)).toEqual({ locale: other.locale, is_primary: true });
  });

  it('refuses to disable the primary language, and writes nothing', async () => {
    const primary = (await languagesOf(t.services.db, scope)).find((l) => l.is_primary)!;
    const logged = (await auditOf('portal_language.disabled')).length;
    const refusal = await disableLanguage(t.services.db, scope, actor, primary).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(Invalid);
    expect((refusal as Invalid).problems[0]).toMatchObject({ code: 'PRIMARY_LANGUAGE', pointer: '/' });
    expect(await languages()).toMatchObject({ [primary.locale]: 1 });
    expect(await auditOf('portal_language.disabled')).toHaveLength(logged);
  });

  it('changes the support links together with their audit entry', async () => {
    await changePortalInformation(t.services.db, scope, actor, {
      knowledge_base_url: 'https://help.example.test',
    });
    const portal = await t.services.db
      .selectFrom('portals')
      .select('knowledge_base_url')
      .where('id', '=', scope)
      .executeTakeFirstOrThrow();
    expect(portal.knowledge_base_url).toBe('https://help.example.test');
    const entry = (await auditOf('portal.information_changed')).at(-1)!;
    expect(JSON.parse(entry.details)).toEqual({ knowledge_base_url: 'https://help.example.test' });
  });
});

/** Disables a language that is not primary and returns its locale. */
async function takeAwayOne(): Promise<'en' | 'nl' | 'ro'> {
  const language = (await languagesOf(t.services.db, scope)).find((l) => !l.is_primary)!;
  await disableLanguage(t.services.db, scope, actor, language);
  expect(await languages()).not.toHaveProperty(language.locale);
  const entry = (await auditOf('portal_language.disabled')).at(-1)!;
  expect(JSON.parse(entry.details)).toEqual({ locale: language.locale });
  return language.locale as 'en' | 'nl' | 'ro';
}
