import { useMutation } from '@tanstack/react-query';
import { updateAccount, type AccountUpdate } from '../../lib/resources/accounts';
import { useSessionActions } from '../../lib/session/session-actions';

/** Saves the signed-in account's details and updates the current user at once. */
export function useSaveAccountDetails(accountId: string) {
  const { updateMe } = useSessionActions();
  return useMutation({
    mutationFn: (update: AccountUpdate) => updateAccount(accountId, update),
    meta: { errorToast: false },
    onSuccess: (account, update) => {
      updateMe((me) => ({
        ...me,
        account: {
          ...me.account,
          fullName: account?.fullName ?? update.fullName ?? me.account.fullName,
          phoneNumber: account?.phoneNumber ?? update.phoneNumber ?? me.account.phoneNumber,
        },
      }));
    },
  });
}
