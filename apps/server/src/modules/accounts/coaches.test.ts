import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_ROLE_NAMES, rolesGranting } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalScope } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { coachAccounts } from './coaches';

let t: TestApp;
let scope: PortalScope;
// Core's coach roles: those that open the coach environment (`COACH_ROLES` in roles.ts).
const coachRoles: readonly string[] = rolesGranting('enter:coach');

beforeAll(async () => {
  t = await createTestApp();
  const coach = await t.services.db
    .selectFrom('accounts')
    .select('portal_id')
    .where('email', '=', 'coach@leerpad.test')
    .executeTakeFirstOrThrow();
  scope = (await t.services.portals.findById(coach.portal_id))!.id;
});

afterAll(() => t.close());

async function accountWithRoles(email: string, roles: readonly string[]): Promise<number> {
  const { id } = await t.services.db
    .insertInto('accounts')
    .values({
      portal_id: scope,
      entity_id: null,
      primary_coach_id: null,
      full_name: email,
      email,
      password_hash: 'not-a-hash',
      locale: null,
      avatar_url: null,
      phone_number: null,
      last_online: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.services.db
    .insertInto('account_roles')
    .values(roles.map((role) => ({ account_id: id, role })))
    .execute();
  return id;
}

describe("a portal's coaches", () => {
  it("are exactly the accounts holding one of core's coach roles, each once", async () => {
    const byRole = new Map<string, number>();
    for (const role of ACCOUNT_ROLE_NAMES) {
      byRole.set(role, await accountWithRoles(`only-${role.replace(/ /g, '-')}@coaches.test`, [role]));
    }
    // Someone holding every role is still one coach.
    const everything = await accountWithRoles('every-role@coaches.test', ACCOUNT_ROLE_NAMES);
    const found = (await coachAccounts(t.services.db, scope).select('accounts.id').execute()).map(
      (row) => row.id,
    );
    for (const [role, id] of byRole) {
      expect(found.includes(id), role).toBe(coachRoles.includes(role));
    }
    expect(found.filter((id) => id === everything)).toHaveLength(1);
    expect(found).toContain(await t.accountId('coach@leerpad.test'));
    expect(found).not.toContain(await t.accountId('second-admin@leerpad.test'));
  });

  it('are looked up through one query everywhere the server asks "is this a coach"', () => {
    // A role name compared in a query outside coaches.ts would not follow COACH_ROLES.
    const modules = fileURLToPath(new URL('..', import.meta.url));
    const coachNames = coachRoles.map((role) => role.replace(/ /g, '\\s'));
    const comparison = new RegExp(
      `account_roles\\.role'\\s*,\\s*'(=|in)'[^)]*(ROLES\\.coach|'(${coachNames.join('|')})')`,
    );
    const offenders: string[] = [];
    for (const folder of readdirSync(modules, { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      for (const file of readdirSync(join(modules, folder.name))) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'coaches.ts') continue;
        const text = readFileSync(join(modules, folder.name, file), 'utf8');
        if (comparison.test(text)) offenders.push(`${folder.name}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
