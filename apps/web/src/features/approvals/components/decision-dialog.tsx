/** Approve or reject one request with a note (required to reject); 422 messages show at the note. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { GeneralErrors, TextAreaField } from '../../../components/form/fields';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { ModalFrame } from '../../../components/modal';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useDecideRequest, type ApprovalRequest } from '../../../lib/resources/approvals';
import { Form } from '../../../components/form/form';

export function DecisionDialog({
  request,
  decision,
  onClose,
  onDone,
}: {
  request: ApprovalRequest;
  decision: 'approved' | 'rejected';
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideRequest();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const name = request.student?.fullName ?? '';
  const course = request.course?.title ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    if (decision === 'rejected' && note.trim() === '') {
      setErrors({ fields: { note: t('approvals.decision.note_required') }, general: [] });
      return;
    }
    decide.mutate(
      { id: request.id, state: decision, note },
      {
        onSuccess: () =>
          onDone(
            request.kind === 'completion'
              ? t(
                  decision === 'approved'
                    ? 'approvals.decision.done_signed_off'
                    : 'approvals.decision.done_not_signed_off',
                  { name, course },
                )
              : t(
                  decision === 'approved'
                    ? 'approvals.decision.done_approved'
                    : 'approvals.decision.done_rejected',
                  { name, course },
                ),
          ),
        onError: (error) =>
          setErrors(formErrorsFrom(error, ['note', 'state'], t('approvals.decision.failed'))),
      },
    );
  };

  return (
    <ModalFrame
      title={t(
        decision === 'approved' ? 'approvals.decision.approve_title' : 'approvals.decision.reject_title',
      )}
      description={t(
        request.kind === 'completion'
          ? 'approvals.decision.description_signoff'
          : 'approvals.decision.description',
        { name, course },
      )}
      onClose={onClose}
      size="sm"
    >
      <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="decision-form">
        <TextAreaField
          name="note"
          label={t('approvals.decision.note')}
          hint={t(
            decision === 'rejected' ? 'approvals.decision.note_hint_reject' : 'approvals.decision.note_hint',
          )}
          value={note}
          onValueChange={setNote}
          error={errors.fields.note ?? errors.fields.state}
          rows={3}
          maxLength={2000}
        />
        <GeneralErrors messages={errors.general} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('approvals.decision.cancel')}
          </Button>
          <Button
            type="submit"
            loading={decide.isPending}
            variant={decision === 'approved' ? 'primary' : 'danger'}
          >
            {t(
              decision === 'approved'
                ? 'approvals.decision.confirm_approve'
                : 'approvals.decision.confirm_reject',
            )}
          </Button>
        </div>
      </Form>
    </ModalFrame>
  );
}
