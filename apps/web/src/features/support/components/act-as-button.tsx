/** "Act as" on an account's page, for those who may act as accounts (support roles). */
import { can } from '@leerpad/core';
import { Button } from '../../../components/button';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { openModal } from '../../../lib/modals/modals';
import { useSession } from '../../../lib/session/use-session';
import { ActAsDialog } from './act-as-dialog';

export function ActAsButton({ accountId, accountName }: { accountId: string; accountName: string }) {
  useNamespace('support');
  const { t } = useTranslation();
  const { me, roles } = useSession();
  if (!me || me.acting || me.account.id === accountId || !can({ roles }, 'act-as:account')) return null;
  return (
    <Button
      variant="secondary"
      data-testid="act-as-button"
      onClick={() =>
        openModal({
          id: 'act-as',
          priority: 1,
          render: (close) => <ActAsDialog accountId={accountId} accountName={accountName} onClose={close} />,
        })
      }
    >
      {t('support.act_as.button')}
    </Button>
  );
}
