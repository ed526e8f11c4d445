/**
 * /admin/settings/approvals: staff grant coaches the mandate to decide approval requests, for all
 * courses or for named ones; change or revoke it. Decisions keep naming the mandate they used.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ActionLabel } from '../../../components/action-label';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { controlClasses, FieldError, GeneralErrors } from '../../../components/form/fields';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { formatRelativeDate } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { accountListQuery } from '../../../lib/resources/accounts';
import {
  coachMandatesQuery,
  useRevokeMandate,
  useSaveMandate,
  type CoachMandate,
} from '../../../lib/resources/approvals';
import { courseTitlesQuery } from '../../../lib/resources/courses';
import { usePageTitle } from '../../../lib/use-page-title';
import { Form } from '../../../components/form/form';

const FIELDS = ['coach', 'allCourses', 'courses'];

function MandateForm({
  mandate,
  onDone,
}: {
  mandate: CoachMandate | null;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const coaches = useQuery({
    ...accountListQuery({ filter: { role: 'coach' }, sort: 'full_name', page: 1, size: 100 }),
    enabled: !mandate,
  });
  const courses = useQuery(courseTitlesQuery);
  const save = useSaveMandate(mandate?.id ?? null);
  const [coachId, setCoachId] = useState('');
  const [allCourses, setAllCourses] = useState(mandate?.allCourses ?? false);
  const [courseIds, setCourseIds] = useState<string[]>((mandate?.courses ?? []).map((course) => course.id));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const coachField = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    save.mutate(
      { ...(mandate ? {} : { coachId }), allCourses, courseIds: allCourses ? [] : courseIds },
      {
        onSuccess: () => onDone(t('approvals.mandates.saved')),
        onError: (error) => setErrors(formErrorsFrom(error, FIELDS, t('approvals.mandates.save_failed'))),
      },
    );
  };

  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="mandate-form">
      {!mandate && (
        <div className="flex max-w-md flex-col gap-1">
          <label htmlFor={coachField} className="text-sm font-medium text-slate-800">
            {t('approvals.mandates.coach')}
          </label>
          <select
            id={coachField}
            className={`${controlClasses} h-11`}
            name="coachId"
            value={coachId}
            onChange={(event) => setCoachId(event.target.value)}
            aria-invalid={errors.fields.coach ? true : undefined}
            aria-describedby={errors.fields.coach ? `${coachField}-error` : undefined}
          >
            <option value="">{t('approvals.mandates.choose_coach')}</option>
            {(coaches.data?.items ?? []).map((coach) => (
              <option key={coach.id} value={coach.id}>
                {coach.fullName}
              </option>
            ))}
          </select>
          <FieldError id={`${coachField}-error`}>{errors.fields.coach}</FieldError>
        </div>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('approvals.mandates.scope')}</legend>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="scope"
            className="size-4 accent-primary"
            checked={allCourses}
            onChange={() => setAllCourses(true)}
          />
          {t('approvals.mandates.all_courses')}
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="scope"
            className="size-4 accent-primary"
            checked={!allCourses}
            onChange={() => setAllCourses(false)}
          />
          {t('approvals.mandates.named_courses')}
        </label>
      </fieldset>
      {!allCourses && (
        <fieldset
          className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-xl border border-slate-200 p-3"
          aria-describedby={errors.fields.courses ? 'mandate-courses-error' : undefined}
        >
          <legend className="px-1 text-sm font-medium text-slate-800">
            {t('approvals.mandates.courses')}
          </legend>
          {(courses.data ?? []).map((course) => {
            const checked = courseIds.includes(course.id);
            return (
              <label key={course.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={checked}
                  onChange={() =>
                    setCourseIds(
                      checked ? courseIds.filter((id) => id !== course.id) : [...courseIds, course.id],
                    )
                  }
                />
                {course.title}
              </label>
            );
          })}
        </fieldset>
      )}
      <FieldError id="mandate-courses-error">{errors.fields.courses}</FieldError>
      <GeneralErrors messages={errors.general} />
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {mandate ? t('approvals.mandates.save') : t('approvals.mandates.grant')}
        </Button>
        <Button variant="secondary" onClick={() => onDone('')}>
          {t('approvals.mandates.cancel')}
        </Button>
      </div>
    </Form>
  );
}

export function MandatesPage() {
  useNamespace('approvals');
  const { t, i18n } = useTranslation();
  usePageTitle(t('approvals.mandates.title'));
  const mandates = useQuery(coachMandatesQuery);
  const revoke = useRevokeMandate();
  const [editing, setEditing] = useState<CoachMandate | 'new' | null>(null);
  const [status, setStatus] = useState('');

  const finish = (message: string) => {
    setEditing(null);
    setStatus(message);
  };

  return (
    <div className="mx-auto max-w-5xl" data-page="admin-approvals">
      <PageHeader
        title={t('approvals.mandates.title')}
        description={t('approvals.mandates.description')}
        actions={
          editing === null ? (
            <Button onClick={() => setEditing('new')}>{t('approvals.mandates.grant_new')}</Button>
          ) : undefined
        }
      />
      <p role="status" className="mb-3 text-sm text-emerald-800">
        {status}
      </p>
      {editing !== null && (
        <section
          className="mb-6 rounded-2xl border border-slate-200 bg-white p-6"
          aria-label={
            editing === 'new'
              ? t('approvals.mandates.grant_new')
              : t('approvals.mandates.change_label', { name: editing.coach?.fullName ?? '' })
          }
        >
          <MandateForm mandate={editing === 'new' ? null : editing} onDone={finish} />
        </section>
      )}
      {mandates.isPending ? (
        <Loading />
      ) : mandates.isError ? (
        <ErrorBlock
          asPage={false}
          kind={errorKindOf(mandates.error)}
          onRetry={() => void mandates.refetch()}
        />
      ) : mandates.data.length === 0 ? (
        <EmptyState title={t('approvals.mandates.empty_title')} description={t('approvals.mandates.empty')} />
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
          data-testid="mandate-list"
          aria-label={t('approvals.mandates.list')}
        >
          {mandates.data.map((mandate) => {
            const name = mandate.coach?.fullName ?? '';
            return (
              <li key={mandate.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{name}</p>
                  <p className="text-sm text-slate-600">
                    {mandate.allCourses
                      ? t('approvals.mandates.all_courses')
                      : (mandate.courses ?? []).map((course) => course.title).join(', ')}
                    {' · '}
                    {t('approvals.mandates.granted', {
                      when: formatRelativeDate(mandate.createdAt, i18n.language),
                    })}
                  </p>
                </div>
                <Button size="sm" variant="secondary" onClick={() => setEditing(mandate)}>
                  <ActionLabel subject={name}>{t('approvals.mandates.change')}</ActionLabel>
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  loading={revoke.isPending && revoke.variables === mandate.id}
                  onClick={() =>
                    revoke.mutate(mandate.id, {
                      onSuccess: () => setStatus(t('approvals.mandates.revoked', { name })),
                    })
                  }
                >
                  <ActionLabel subject={name}>{t('approvals.mandates.revoke')}</ActionLabel>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
