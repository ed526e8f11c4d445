/** Shell calls: the account's language. */
import { useMutation } from '@tanstack/react-query';
import type { Locale } from '@leerpad/core';
import { updateAccount } from '../../lib/resources/accounts';
import { rememberLanguage } from '../../lib/i18n/language';
import { useSessionActions } from '../../lib/session/session-actions';

/** Saves the account's locale; the interface follows as soon as the server agrees. */
export function useSaveLocale(accountId: string) {
  const { updateMe } = useSessionActions();
  return useMutation({
    mutationFn: (locale: Locale) => updateAccount(accountId, { locale }),
    onSuccess: (_account, locale) => {
      rememberLanguage(locale);
      updateMe((me) => ({ ...me, account: { ...me.account, locale } }));
    },
  });
}
