/**
 * A portal's branding and business model (decision 058): its name, colours, support links, logo,
 * favicon and the model that decides whether learning needs a subscription. Switching the model
 * keeps every enrolment, order and subscription; access is computed from the model at each request.
 */
import {
  BUSINESS_MODELS,
  subscriptionRequired,
  themeContrastProblems,
  type BrandingAsset,
} from '@leerpad/core';
import type { Kysely } from 'kysely';
import type { Database, Executor, PortalScope } from '../../db/schema';
import { Invalid } from '../../domain/errors';
import { recordAudit } from '../audit/service';
import type { SettingsActor } from './commands';
import { setInformation } from './service';

export interface PortalSettingsChange {
  name?: string | undefined;
  primary_color?: string | null | undefined;
  secondary_color?: string | null | undefined;
  business_models?: readonly string[] | undefined;
  information?: { knowledge_base_url?: string | null; zendesk_chat_id?: string | null } | undefined;
}

/** The stored form of a list of models: known names, each once, in the spec's order. */
export const storedBusinessModels = (models: readonly string[]) =>
  BUSINESS_MODELS.filter((model) => models.includes(model)).join(',');

/**
 * 422 for each pair of the primary colour that fails WCAG AA when the request changes it, pointing at
 * the colour. The secondary colour is decorative only (decision 058) and is not judged.
 */
export function checkThemeContrast(
  theme: { primary_color?: string | null | undefined },
  pointer: (attribute: string) => string,
): void {
  const problems = themeContrastProblems({ primaryColor: theme.primary_color });
  if (problems.length === 0) return;
  throw new Invalid(
    problems.map((problem) => ({
      pointer: pointer(`theme/${problem.field}`),
      code: 'THEME_CONTRAST',
      detail: contrastDetail(problem),
      meta: {
        rule: problem.pair,
        colour: problem.colour,
        foreground: problem.foreground,
        background: problem.background,
        ratio: problem.ratio,
        required: problem.required,
      },
    })),
  );
}

const PAIR_WORDS: Record<string, string> = {
  text_on_primary: 'Text on the primary colour {colour} (buttons, header)',
  primary_on_white: 'The primary colour {colour} as link text on white',
  primary_on_page: 'The primary colour {colour} as link text on the page background',
  primary_on_soft: 'The primary colour {colour} as text on its light tint (labels, icons)',
};

function contrastDetail(problem: { pair: string; colour: string; ratio: number; required: number }) {
  const subject = (PAIR_WORDS[problem.pair] ?? 'The colour {colour}').replace('{colour}', problem.colour);
  return `${subject} has contrast ${problem.ratio}:1; WCAG AA needs ${problem.required}:1.`;
}

/** Changes the portal's name, colours, business model and support links in one audited step. */
export async function changePortalSettings(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: SettingsActor,
  change: PortalSettingsChange,
): Promise<void> {
  const columns = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.primary_color !== undefined
      ? { primary_color: change.primary_color?.toLowerCase() ?? null }
      : {}),
    ...(change.secondary_color !== undefined
      ? { secondary_color: change.secondary_color?.toLowerCase() ?? null }
      : {}),
    ...(change.business_models !== undefined
      ? { business_models: storedBusinessModels(change.business_models) }
      : {}),
  };
  const information = change.information ?? {};
  if (Object.keys(columns).length === 0 && Object.keys(information).length === 0) return;
  await db.transaction().execute(async (trx) => {
    if (Object.keys(columns).length > 0) {
      const before = await trx
        .selectFrom('portals')
        .select(['business_models'])
        .where('id', '=', scope)
        .executeTakeFirstOrThrow();
      await trx.updateTable('portals').set(columns).where('id', '=', scope).execute();
      await recordAudit(trx, {
        scope,
        ...actor,
        action: 'portal.branding_changed',
        entityType: 'portal',
        entityId: scope,
        details: {
          ...columns,
          ...(columns.business_models !== undefined
            ? { business_models_before: before.business_models }
            : {}),
        },
      });
    }
    if (Object.keys(information).length > 0) {
      await setInformation(trx, scope, information);
      await recordAudit(trx, {
        scope,
        ...actor,
        action: 'portal.information_changed',
        entityType: 'portal',
        entityId: scope,
        details: information,
      });
    }
  });
}

/** Points the portal's logo or favicon at a new address (or none), audited; returns the previous one. */
export async function changeBrandingAsset(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: SettingsActor,
  asset: BrandingAsset,
  url: string | null,
): Promise<string | null> {
  const column = asset === 'logo' ? 'logo_url' : 'favicon_url';
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('portals')
      .select(column)
      .where('id', '=', scope)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('portals')
      .set({ [column]: url })
      .where('id', '=', scope)
      .execute();
    await recordAudit(trx, {
      scope,
      ...actor,
      action: url ? `portal.${asset}_changed` : `portal.${asset}_removed`,
      entityType: 'portal',
      entityId: scope,
      details: { [column]: url },
    });
    return (before as Record<string, string | null>)[column] ?? null;
  });
}

export interface BusinessModelImpact {
  current: string[];
  proposed: string[];
  enrolledStudents: number;
  withActiveSubscription: number;
  subscriptionRequiredNow: boolean;
  subscriptionRequiredAfter: boolean;
  /** Enrolled students who can learn now and would meet the payment screen after the switch. */
  studentsAskedToSubscribe: number;
  /** Enrolled students who meet the payment screen now and could learn after the switch. */
  studentsRegainingAccess: number;
}

/** What a switch of business model means for the students enrolled now (nothing is deleted either way). */
export async function businessModelImpact(
  db: Executor,
  scope: PortalScope,
  current: readonly string[],
  proposed: readonly string[],
): Promise<BusinessModelImpact> {
  const enrolled = db
    .selectFrom('accounts')
    .where('accounts.portal_id', '=', scope)
    .where('accounts.deactivated_at', 'is', null)
    .where('accounts.counts_as_student', '=', 1)
    .where('accounts.enrolment_count', '>', 0);
  const [all, subscribed] = await Promise.all([
    enrolled.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    enrolled
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('subscriptions')
            .select('subscriptions.id')
            .whereRef('subscriptions.account_id', '=', 'accounts.id')
            .where('subscriptions.portal_id', '=', scope)
            .where('subscriptions.is_active', '=', 1),
        ),
      )
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const enrolledStudents = Number(all.total);
  const withActiveSubscription = Number(subscribed.total);
  const without = enrolledStudents - withActiveSubscription;
  const requiredNow = subscriptionRequired(current);
  const requiredAfter = subscriptionRequired(proposed);
  return {
    current: [...current],
    proposed: BUSINESS_MODELS.filter((model) => proposed.includes(model)),
    enrolledStudents,
    withActiveSubscription,
    subscriptionRequiredNow: requiredNow,
    subscriptionRequiredAfter: requiredAfter,
    studentsAskedToSubscribe: !requiredNow && requiredAfter ? without : 0,
    studentsRegainingAccess: requiredNow && !requiredAfter ? without : 0,
  };
}
