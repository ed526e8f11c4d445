import type { Translate } from './i18n/i18n';

/** 'academy admin' → the role's name in the interface language (never the raw role key). */
export const roleLabel = (t: Translate, role: string) => t(`role_names.${role.replace(/ /g, '_')}`);
