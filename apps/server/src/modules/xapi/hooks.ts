/**
 * What other modules learn from the LRS: statements a launch's credential stored (cmi5, decision
 * 068). Listeners are registered where their module is composed; the LRS knows none of them.
 */
import type { Kysely } from 'kysely';
import type { PortalContext } from '../../context/portal';
import type { Database } from '../../db/schema';
import type { JsonObject } from './validate';

export interface StoredByLaunch {
  db: Kysely<Database>;
  portal: PortalContext;
  credentialId: number;
  statements: JsonObject[];
}

type Listener = (event: StoredByLaunch) => Promise<void>;
const listeners: Listener[] = [];

export function onLaunchStatements(listener: Listener): void {
  listeners.push(listener);
}

export async function launchStatementsStored(event: StoredByLaunch): Promise<void> {
  for (const listener of listeners) await listener(event);
}
