/** The reason a support user gives before acting as an account (decision 025); 422s land on the field. */
import { Button } from '../../../components/button';
import { FormMessage, TextAreaField } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { ModalFrame } from '../../../components/modal';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { startImpersonation } from '../../../lib/resources/impersonations';
import { Form } from '../../../components/form/form';

/** Where a support user lands once acting: the app from the start, as the account sees it. */
export const ACTING_START_PATH = '/';

export function ActAsDialog(props: { accountId: string; accountName: string; onClose: () => void }) {
  useNamespace('support');
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { reason: '' },
    rules: { reason: 'required|max:1000' },
    onSubmit: (values) => startImpersonation({ accountId: props.accountId, reason: values.reason.trim() }),
    // Everything cached was for the support user: start the app again as the account.
    onSuccess: () => window.location.assign(ACTING_START_PATH),
  });
  return (
    <ModalFrame
      title={t('support.act_as.title', { name: props.accountName })}
      description={t('support.act_as.description')}
      onClose={props.onClose}
      size="sm"
    >
      <Form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
        <TextAreaField
          name="reason"
          label={t('support.act_as.reason')}
          hint={t('support.act_as.reason_hint')}
          {...form.field('reason')}
          data-testid="act-as-reason"
        />
        {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={props.onClose}>
            {t('support.actions.cancel')}
          </Button>
          <Button type="submit" disabled={form.submitting} data-testid="act-as-submit">
            {t('support.act_as.submit')}
          </Button>
        </div>
      </Form>
    </ModalFrame>
  );
}
