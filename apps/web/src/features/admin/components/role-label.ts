import type { Translate } from '../../../lib/i18n/i18n';

/** 'academy admin' → the translated role name. */
export const roleLabel = (t: Translate, role: string) => t(`accounts.roles.${role.replace(/ /g, '_')}`);
