/** Which environment (admin, coach, student, guest) a page belongs to (SPEC §2). */
import { can } from './permissions';

export type Environment = 'admin' | 'coach' | 'student' | 'guest';
export type SwitchableEnvironment = Exclude<Environment, 'guest'>;

export interface EnvironmentResolution {
  environment: Environment | null;
  /** Set on /profile pages, which live in the student environment. */
  profile: boolean;
}

const PREFIX_ENVIRONMENTS: ReadonlyArray<readonly [prefix: string, environment: Environment]> = [
  ['/admin', 'admin'],
  ['/coach', 'coach'],
  ['/courses', 'student'],
  ['/catalog', 'student'],
  ['/portfolio', 'student'],
  ['/profile', 'student'],
  ['/auth', 'guest'],
  ['/rate', 'guest'],
  ['/profiles', 'guest'],
];

export const ENVIRONMENT_HOMES: Readonly<Record<Environment, string>> = {
  admin: '/admin/dashboard',
  coach: '/coach/dashboard',
  student: '/catalog',
  guest: '/auth',
};

export const ENVIRONMENT_SWITCH_TARGETS: Readonly<Record<SwitchableEnvironment, string>> = {
  admin: '/admin',
  coach: '/coach',
  student: '/catalog',
};

/** Whole-segment prefix match: '/coach' and '/coach/x' match '/coach', '/coaching' does not. */
function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function environmentFromPath(pathname: string): EnvironmentResolution {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const match = PREFIX_ENVIRONMENTS.find(([prefix]) => matchesPrefix(path, prefix));
  return {
    environment: match ? match[1] : null,
    profile: matchesPrefix(path, '/profile'),
  };
}

export function baseEnvironment(roles: readonly string[], authenticated: boolean): Environment {
  if (!authenticated) return 'guest';
  if (can({ roles }, 'enter:admin')) return 'admin';
  if (can({ roles }, 'enter:coach')) return 'coach';
  return 'student';
}

/** The route prefix wins; elsewhere the user's roles decide. */
export function resolveEnvironment(
  pathname: string,
  roles: readonly string[],
  authenticated: boolean,
): { environment: Environment; profile: boolean } {
  const fromPath = environmentFromPath(pathname);
  return {
    environment: fromPath.environment ?? baseEnvironment(roles, authenticated),
    profile: fromPath.profile,
  };
}

/** Environments offered by the environment switch, in menu order. */
export function availableEnvironments(roles: readonly string[]): SwitchableEnvironment[] {
  const environments: SwitchableEnvironment[] = [];
  if (can({ roles }, 'enter:student')) environments.push('student');
  if (can({ roles }, 'enter:coach')) environments.push('coach');
  if (can({ roles }, 'enter:admin')) environments.push('admin');
  return environments;
}

export function showEnvironmentSwitch(roles: readonly string[]): boolean {
  return can({ roles }, 'enter:coach') || availableEnvironments(roles).length > 1;
}

/** Coach menu: the coach environment, or a guest page visited by someone with the coach role. */
export function showCoachMenu(environment: Environment, roles: readonly string[]): boolean {
  return environment === 'coach' || (environment === 'guest' && can({ roles }, 'enter:coach'));
}

/** Student menu: the student environment, or a guest page visited by a student who is not a coach. */
export function showStudentMenu(environment: Environment, roles: readonly string[]): boolean {
  if (environment === 'student') return true;
  return environment === 'guest' && can({ roles }, 'enter:student') && !can({ roles }, 'enter:coach');
}

export function notificationsHomeLink(environment: Environment | null | undefined): string {
  switch (environment) {
    case 'coach':
      return '/coach';
    case 'admin':
      return '/admin';
    case 'student':
      return '/catalog';
    default:
      return '/';
  }
}

/**
 * Whether a returnTo value may be followed without leaving the site. Only a path on this origin
 * qualifies: one leading '/', not '//' or '/\' (browsers read both as another host), and no
 * control characters (browsers drop tabs and newlines, turning '/\t/x' into '//x').
 */
export function isSafeReturnTo(uri: string | null | undefined): uri is string {
  if (typeof uri !== 'string' || !uri.startsWith('/')) return false;
  if (uri.startsWith('//') || uri.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(uri);
}
