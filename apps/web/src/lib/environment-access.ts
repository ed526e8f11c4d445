import {
  availableEnvironments,
  baseEnvironment,
  can,
  type Environment,
  type SwitchableEnvironment,
} from '@leerpad/core';

/** Whether the account may use an environment: staff the admin one, others per their roles. */
export function mayUseEnvironment(environment: SwitchableEnvironment, roles: readonly string[]): boolean {
  if (environment === 'admin') return can({ roles }, 'enter:admin');
  return availableEnvironments(roles).includes(environment);
}

/**
 * The environment the shell shows: the page's, unless the account may not use it (a 403 page), in
 * which case its own base environment, so the menu never offers pages it cannot open.
 */
export function shellEnvironment(environment: Environment, roles: readonly string[]): Environment {
  if (environment === 'guest' || mayUseEnvironment(environment, roles)) return environment;
  return baseEnvironment(roles, true);
}
