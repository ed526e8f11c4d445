/** The follow-ups of one student on the student page: plan one (dialog), list them, mark one done. */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, type FormErrors, NO_ERRORS } from '../../../components/form/server-errors';
import { ModalFrame } from '../../../components/modal';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  FOLLOW_UP_KINDS,
  studentFollowUpsQuery,
  useCompleteFollowUp,
  usePlanFollowUp,
  type FollowUp,
  type FollowUpKind,
} from '../../../lib/resources/follow-ups';
import { SelectField } from '../../../components/form/controls';
import { FormActions } from '../../../components/form/form-actions';
import { Form } from '../../../components/form/form';

export function FollowUpsSection({ studentId }: { studentId: string }) {
  const { t, i18n } = useTranslation();
  const followUps = useQuery(studentFollowUpsQuery(studentId));
  const [planning, setPlanning] = useState(false);
  const [completing, setCompleting] = useState<FollowUp | null>(null);
  const items = [...(followUps.data ?? [])].sort((a, b) => (a.dueAt < b.dueAt ? 1 : -1));
  return (
    <section
      id="follow-ups"
      aria-labelledby="student-follow-ups"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="student-follow-ups" className="text-base font-semibold text-slate-900">
          {t('coaching.follow_ups.title')}
        </h2>
        <Button variant="secondary" onClick={() => setPlanning(true)} data-testid="plan-follow-up">
          {t('coaching.follow_ups.plan')}
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('coaching.follow_ups.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="follow-up-list">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              data-testid="follow-up"
            >
              <span className="min-w-0">
                <span className="font-medium text-slate-900">
                  {t(`coaching.follow_ups.kind.${item.kind}`)} · {formatDateTime(item.dueAt, i18n.language)}
                </span>
                {item.overdue && (
                  <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
                    {t('coaching.follow_ups.overdue')}
                  </span>
                )}
                {item.doneAt && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
                    {t('coaching.follow_ups.done')}
                  </span>
                )}
                {item.note && <span className="block text-slate-700">{item.note}</span>}
                {item.outcome && (
                  <span className="block text-slate-600">
                    {t('coaching.follow_ups.outcome_line', { outcome: item.outcome })}
                  </span>
                )}
              </span>
              {!item.doneAt && (
                <Button variant="ghost" onClick={() => setCompleting(item)}>
                  {t('coaching.follow_ups.mark_done')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {planning && <PlanDialog studentId={studentId} onClose={() => setPlanning(false)} />}
      {completing && <CompleteDialog followUp={completing} onClose={() => setCompleting(null)} />}
    </section>
  );
}

/** "2026-12-01T09:30" in the browser's time zone, for a datetime-local input. */
const localInputValue = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

function PlanDialog({ studentId, onClose }: { studentId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const plan = usePlanFollowUp();
  const [due, setDue] = useState(() => localInputValue(new Date(Date.now() + 86_400_000)));
  const [kind, setKind] = useState<FollowUpKind>('call');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    const date = new Date(due);
    plan.mutate(
      {
        student: { type: 'accounts', id: studentId },
        dueAt: Number.isNaN(date.getTime()) ? due : date.toISOString(),
        kind,
        note,
      },
      {
        onSuccess: onClose,
        onError: (failure) =>
          setErrors(formErrorsFrom(failure, ['dueAt', 'kind', 'note', 'student'], t('forms.default_error'))),
      },
    );
  };
  return (
    <ModalFrame title={t('coaching.follow_ups.plan_title')} onClose={onClose}>
      <Form onSubmit={submit} className="grid gap-4" noValidate data-testid="follow-up-form">
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <TextField
          {...fieldProps(errors, 'dueAt', due, setDue)}
          type="datetime-local"
          label={t('coaching.follow_ups.due_at')}
          required
        />
        <SelectField
          label={t('coaching.follow_ups.kind_label')}
          value={kind}
          onValueChange={(value) => setKind(value as FollowUpKind)}
          options={FOLLOW_UP_KINDS.map((value) => ({ value, label: t(`coaching.follow_ups.kind.${value}`) }))}
          data-testid="follow-up-kind"
        />
        <TextAreaField {...fieldProps(errors, 'note', note, setNote)} label={t('coaching.follow_ups.note')} />
        <FormActions
          onCancel={onClose}
          cancelLabel={t('actions.cancel')}
          submitLabel={t('coaching.follow_ups.plan')}
          pending={plan.isPending}
          submitTestId="follow-up-submit"
        />
      </Form>
    </ModalFrame>
  );
}

function CompleteDialog({ followUp, onClose }: { followUp: FollowUp; onClose: () => void }) {
  const { t } = useTranslation();
  const complete = useCompleteFollowUp();
  const [outcome, setOutcome] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    complete.mutate({ id: followUp.id, outcome }, { onSuccess: onClose });
  };
  return (
    <ModalFrame title={t('coaching.follow_ups.done_title')} onClose={onClose}>
      <Form onSubmit={submit} className="grid gap-4" noValidate>
        <TextAreaField
          name="outcome"
          label={t('coaching.follow_ups.outcome')}
          value={outcome}
          onValueChange={setOutcome}
        />
        <FormActions
          onCancel={onClose}
          cancelLabel={t('actions.cancel')}
          submitLabel={t('coaching.follow_ups.mark_done')}
          pending={complete.isPending}
          submitTestId="follow-up-done"
        />
      </Form>
    </ModalFrame>
  );
}
