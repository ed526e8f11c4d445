/**
 * /admin/settings/order-automations: rules "when an order for product X is paid: enrol in courses,
 * start or extend a plan, set the primary coach, add a role, send a mail", and the log of their
 * runs (`automation_runs`) with outcome, attempts and steps.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROLES } from '@leerpad/core';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { Loading } from '../../../components/loading';
import { Pagination } from '../../../components/pagination';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { accountListQuery } from '../../../lib/resources/accounts';
import { courseTitlesQuery } from '../../../lib/resources/courses';
import {
  AUTOMATION_ACTION_TYPES,
  automationRunsQuery,
  orderAutomationsQuery,
  useDeleteOrderAutomation,
  useSaveOrderAutomation,
  type AutomationAction,
  type OrderAutomation,
} from '../../../lib/resources/order-automations';
import { productsQuery } from '../../../lib/resources/products';
import { usePageTitle } from '../../../lib/use-page-title';
import { EditableListPage, RecordFormButtons, useRecordForm } from '../../../components/editable-list';
import { CheckboxField, SelectField } from '../../../components/form/controls';
import { CheckList } from '../components/check-list';
import { PaymentProviderSection } from '../components/payment-provider-section';
import { useShortDate } from '../components/money';
import { TableHead } from '../../../components/table';
import { Form } from '../../../components/form/form';

const RUNS_PAGE_SIZE = 10;

export function OrderAutomationsPage() {
  useNamespace('sales');
  const { t } = useTranslation();
  usePageTitle(t('sales.automations.title'));
  const automations = useQuery(orderAutomationsQuery);
  const products = useQuery(productsQuery);
  const remove = useDeleteOrderAutomation();
  const productName = (id: string | undefined) =>
    products.data?.find((product) => product.id === id)?.name ?? (id ? `#${id}` : '');

  return (
    <EditableListPage<OrderAutomation>
      page="admin_order_automations"
      title={t('sales.automations.title')}
      description={t('sales.automations.description')}
      query={automations}
      items={automations.data ?? []}
      testIds={{ list: 'automation-list', row: 'automation-row' }}
      empty={{ title: t('sales.automations.empty'), description: t('sales.automations.empty_description') }}
      newTitle={t('sales.automations.new')}
      texts={{
        edit: (automation) => t('sales.edit', { name: automation.name }),
        delete: (automation) => t('sales.delete', { name: automation.name }),
        deleteTitle: t('sales.automations.delete_title'),
        deleteConfirm: (automation) => t('sales.automations.delete_confirm', { name: automation.name }),
        deleted: (automation) => t('sales.deleted', { name: automation.name }),
      }}
      remove={remove}
      renderRow={(automation) => (
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">
            {automation.name}
            {!automation.active && (
              <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
                {t('sales.automations.inactive')}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {t('sales.automations.when', { product: productName(automation.product?.id) })}{' '}
            {automation.actions.map((action) => t(`sales.automations.actions.${action.type}`)).join(', ')}
          </p>
        </div>
      )}
      renderForm={(automation, onDone) => <AutomationForm automation={automation} onDone={onDone} />}
      after={
        <>
          <RunLog names={new Map((automations.data ?? []).map((item) => [item.id, item.name]))} />
          <PaymentProviderSection />
        </>
      }
    />
  );
}

function RunLog({ names }: { names: Map<string, string> }) {
  const { t } = useTranslation();
  const shortDate = useShortDate();
  const [page, setPage] = useState(1);
  const runs = useQuery(automationRunsQuery(page, RUNS_PAGE_SIZE));
  const outcomeClasses: Record<string, string> = {
    succeeded: 'bg-emerald-100 text-emerald-900',
    failed: 'bg-red-100 text-red-900',
    retrying: 'bg-amber-100 text-amber-900',
    pending: 'bg-slate-200 text-slate-800',
  };
  return (
    <section aria-labelledby="automation-runs" className="mt-8">
      <h2 id="automation-runs" className="mb-2 text-lg font-semibold text-slate-900">
        {t('sales.automations.runs')}
      </h2>
      {runs.isPending ? (
        <Loading />
      ) : runs.isError ? (
        <ErrorBlock kind={errorKindOf(runs.error)} asPage={false} onRetry={() => void runs.refetch()} />
      ) : runs.data.items.length === 0 ? (
        <EmptyState
          title={t('sales.automations.no_runs')}
          description={t('sales.automations.no_runs_description')}
        />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm" data-testid="run-list">
            <caption className="sr-only">{t('sales.automations.runs')}</caption>
            <TableHead
              className="border-b border-slate-200 bg-slate-50 text-slate-700"
              cellClassName="px-4 py-2"
              columns={['date', 'automation', 'order', 'outcome', 'steps'].map((key) =>
                t(`sales.automations.run_${key}`),
              )}
            />
            <tbody className="divide-y divide-slate-100">
              {runs.data.items.map((run) => (
                <tr key={run.id} data-testid="run-row">
                  <td className="px-4 py-2 whitespace-nowrap">{shortDate(run.createdAt)}</td>
                  <td className="px-4 py-2">
                    {(run.orderAutomation && names.get(run.orderAutomation.id)) ?? '—'}
                  </td>
                  <td className="px-4 py-2">
                    {run.order ? (
                      <Link
                        to={`/admin/sales/orders/${run.order.id}`}
                        className="text-primary-text underline"
                      >
                        #{run.order.id}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-4 py-2">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${outcomeClasses[run.outcome] ?? ''}`}
                    >
                      {t(`sales.automations.outcomes.${run.outcome}`)}
                    </span>
                    {run.attempts > 1 && (
                      <span className="ml-2 text-xs text-slate-600">
                        {t('sales.automations.attempts', { count: run.attempts })}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-slate-700">
                    {run.steps
                      .map((step) => {
                        if (step.type === 'error') return String(step.error ?? '');
                        const type = typeof step.type === 'string' ? step.type : '';
                        const mark =
                          step.outcome === 'succeeded' ? ' ✓' : step.outcome === 'failed' ? ' ✗' : '';
                        return `${t(`sales.automations.actions.${type}`)}${mark}`;
                      })
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {runs.data && (
        <Pagination
          total={runs.data.total}
          page={page}
          size={RUNS_PAGE_SIZE}
          onChange={(next) => setPage(next)}
        />
      )}
    </section>
  );
}

function blankAction(type: AutomationAction['type']): AutomationAction {
  switch (type) {
    case 'enrol':
      return { type, courseIds: [] };
    case 'extend_plan':
      return { type, productId: '' };
    case 'set_primary_coach':
      return { type, coachId: '' };
    case 'add_role':
      return { type, role: ROLES.student };
    case 'send_mail':
      return { type, subject: '', text: '' };
  }
}

function AutomationForm({ automation, onDone }: { automation: OrderAutomation | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveOrderAutomation();
  const products = useQuery(productsQuery);
  const [productId, setProductId] = useState(automation?.product?.id ?? '');
  const [active, setActive] = useState(automation?.active ?? true);
  const [actions, setActions] = useState<AutomationAction[]>(automation?.actions ?? [blankAction('enrol')]);
  const { name, changeName, errors, submit } = useRecordForm({
    record: automation,
    fields: ['name', 'product', 'actions'],
    texts: {
      nameRequired: t('sales.name_required'),
      created: (created) => t('sales.created', { name: created }),
    },
    save: (trimmed) =>
      save.mutateAsync({ id: automation?.id ?? null, input: { name: trimmed, productId, active, actions } }),
    onDone,
    onCreated: () => {
      setProductId('');
      setActions([blankAction('enrol')]);
    },
  });
  const change = (index: number, action: AutomationAction) =>
    setActions((list) => list.map((item, position) => (position === index ? action : item)));

  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="automation-form">
      {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...fieldProps(errors, 'name', name, changeName)}
          label={t('sales.automations.name')}
          maxLength={200}
          required
        />
        <SelectField
          label={t('sales.automations.product')}
          value={productId}
          onValueChange={setProductId}
          options={[
            { value: '', label: t('sales.automations.choose_product') },
            ...(products.data ?? []).map((product) => ({ value: product.id, label: product.name })),
          ]}
          error={errors.fields.product}
          field="productId"
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('sales.automations.then')}</legend>
        {actions.map((action, index) => (
          <ActionEditor
            key={index}
            index={index}
            action={action}
            onChange={(next) => change(index, next)}
            onRemove={
              actions.length > 1
                ? () => setActions((list) => list.filter((_, position) => position !== index))
                : null
            }
          />
        ))}
        {errors.fields.actions && <FormMessage kind="error">{errors.fields.actions}</FormMessage>}
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setActions((list) => [...list, blankAction('enrol')])}
          >
            {t('sales.automations.add_action')}
          </Button>
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label={t('sales.automations.active')} checked={active} onCheckedChange={setActive} />
        <div className="flex gap-2">
          <RecordFormButtons
            editing={automation !== null}
            busy={save.isPending}
            addLabel={t('sales.automations.add')}
            onCancel={onDone}
          />
        </div>
      </div>
    </Form>
  );
}

function ActionEditor({
  index,
  action,
  onChange,
  onRemove,
}: {
  index: number;
  action: AutomationAction;
  onChange: (action: AutomationAction) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const courses = useQuery(courseTitlesQuery);
  const products = useQuery(productsQuery);
  const coaches = useQuery({
    ...accountListQuery({ filter: { role: ROLES.coach }, page: 1, size: 100 }),
    enabled: action.type === 'set_primary_coach',
  });
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3"
      data-testid="automation-action"
    >
      <div className="flex items-end gap-3">
        <SelectField
          className="flex-1"
          label={t('sales.automations.step', { number: index + 1 })}
          value={action.type}
          onValueChange={(type) => onChange(blankAction(type as AutomationAction['type']))}
          options={AUTOMATION_ACTION_TYPES.map((type) => ({
            value: type,
            label: t(`sales.automations.actions.${type}`),
          }))}
        />
        {onRemove && (
          <Button variant="ghost" onClick={onRemove}>
            {t('sales.automations.remove_action', { number: index + 1 })}
          </Button>
        )}
      </div>
      {action.type === 'enrol' && (
        <CheckList
          legend={t('sales.automations.courses')}
          options={(courses.data ?? []).map((course) => ({ value: course.id, label: course.title }))}
          value={action.courseIds}
          onChange={(courseIds) => onChange({ ...action, courseIds })}
        />
      )}
      {action.type === 'extend_plan' && (
        <SelectField
          label={t('sales.automations.plan')}
          value={action.productId}
          onValueChange={(productId) => onChange({ ...action, productId })}
          options={[
            { value: '', label: t('sales.automations.choose_plan') },
            ...(products.data ?? [])
              .filter((product) => product.kind === 'plan')
              .map((product) => ({ value: product.id, label: product.name })),
          ]}
        />
      )}
      {action.type === 'set_primary_coach' && (
        <SelectField
          label={t('sales.automations.coach')}
          value={action.coachId}
          onValueChange={(coachId) => onChange({ ...action, coachId })}
          options={[
            { value: '', label: t('sales.automations.choose_coach') },
            ...(coaches.data?.items ?? []).map((coach) => ({ value: coach.id, label: coach.fullName })),
          ]}
        />
      )}
      {action.type === 'add_role' && (
        <SelectField
          label={t('sales.automations.role')}
          value={action.role}
          onValueChange={(role) => onChange({ ...action, role })}
          options={[ROLES.student, ROLES.coach].map((role) => ({
            value: role,
            label: t(`sales.automations.roles.${role}`),
          }))}
        />
      )}
      {action.type === 'send_mail' && (
        <>
          <TextField
            name={`subject-${index}`}
            label={t('sales.automations.mail_subject')}
            value={action.subject}
            onValueChange={(subject) => onChange({ ...action, subject })}
            maxLength={200}
          />
          <TextAreaField
            name={`text-${index}`}
            label={t('sales.automations.mail_text')}
            value={action.text}
            onValueChange={(text) => onChange({ ...action, text })}
            maxLength={5000}
          />
        </>
      )}
    </div>
  );
}
