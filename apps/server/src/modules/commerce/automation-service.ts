/** Order automations (what runs when an order for a product is paid) and the log of their runs. */
import { nowIso, toFlag } from '../../db/dialect';
import { findInPortal } from '../../db/find-in-portal';
import { pagedList, type PageRequest } from '../../db/pages';
import type { Executor, PortalScope } from '../../db/schema';
import { Invalid, type FieldProblem } from '../../domain/errors';
import { productsByIds } from './catalog-service';
import type { AutomationAction } from './fulfilment';
import { coachAccounts } from '../accounts/coaches';

export interface AutomationInput {
  name: string;
  product: number;
  active?: boolean | undefined;
  actions: AutomationAction[];
}

export const findAutomation = (db: Executor, scope: PortalScope, id: number) =>
  findInPortal(db, 'order_automations', scope, id, 'order automation');

export function listAutomations(db: Executor, scope: PortalScope) {
  return db
    .selectFrom('order_automations')
    .selectAll()
    .where('portal_id', '=', scope)
    .orderBy('id')
    .execute();
}

const automationValues = (input: AutomationInput) => ({
  name: input.name,
  product_id: input.product,
  actions: JSON.stringify(input.actions),
  active: toFlag(input.active ?? true),
});

export function createAutomation(db: Executor, scope: PortalScope, input: AutomationInput) {
  const now = nowIso();
  return db
    .insertInto('order_automations')
    .values({ portal_id: scope, ...automationValues(input), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

type FoundAutomation = Awaited<ReturnType<typeof findAutomation>>;

export function updateAutomation(db: Executor, automation: FoundAutomation, input: AutomationInput) {
  return db
    .updateTable('order_automations')
    .set({ ...automationValues(input), updated_at: nowIso() })
    .where('id', '=', automation.id)
    .where('portal_id', '=', automation.portal_id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes an automation; its run log goes with it. */
export async function deleteAutomation(db: Executor, automation: FoundAutomation): Promise<void> {
  await db
    .deleteFrom('order_automations')
    .where('id', '=', automation.id)
    .where('portal_id', '=', automation.portal_id)
    .execute();
}

/** The log of automation runs, newest first (of the named automations). */
export function listAutomationRuns(
  db: Executor,
  scope: PortalScope,
  automationIds: number[] | undefined,
  page: PageRequest,
) {
  let filtered = db.selectFrom('automation_runs').where('portal_id', '=', scope);
  if (automationIds) filtered = filtered.where('automation_id', 'in', automationIds);
  return pagedList(filtered, filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
}

/** Refuses an automation whose product, courses, plan or coach is not of this portal (422 per field). */
export async function checkAutomation(
  db: Executor,
  scope: PortalScope,
  input: AutomationInput,
  pointer: (attribute: string) => string,
): Promise<void> {
  const errors: FieldProblem[] = [];
  const product = await productsByIds(db, scope, [input.product]);
  if (product.length === 0)
    errors.push({ pointer: pointer('product'), detail: 'This product does not exist.' });
  for (const [index, action] of input.actions.entries()) {
    if (action.type === 'enrol') {
      const found = await db
        .selectFrom('courses')
        .select('id')
        .where('portal_id', '=', scope)
        .where('id', 'in', action.course_ids)
        .execute();
      if (found.length !== new Set(action.course_ids).size)
        errors.push({
          pointer: pointer(`actions/${index}/course_ids`),
          detail: 'One of these courses does not exist.',
        });
    }
    if (action.type === 'extend_plan') {
      const [plan] = await productsByIds(db, scope, [action.product_id]);
      if (!plan || plan.kind !== 'plan')
        errors.push({ pointer: pointer(`actions/${index}/product_id`), detail: 'Choose a plan.' });
    }
    if (action.type === 'set_primary_coach') {
      const coach = await coachAccounts(db, scope)
        .select('accounts.id')
        .where('accounts.id', '=', action.coach_id)
        .executeTakeFirst();
      if (!coach)
        errors.push({
          pointer: pointer(`actions/${index}/coach_id`),
          detail: 'Choose a coach of this portal.',
        });
    }
  }
  if (errors.length > 0) throw new Invalid(errors);
}
