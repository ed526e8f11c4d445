/** /admin/settings/content-labels: the labels courses carry (name and colour); deleting takes them off every course. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FieldError, FormMessage, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { useTranslation } from '../../../lib/i18n/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  type ContentLabel,
  contentLabelsQuery,
  useDeleteLabel,
  useSaveLabel,
} from '../../../lib/resources/content-labels';
import { EditableListPage, RecordFormButtons, useRecordForm } from '../../../components/editable-list';
import { CheckboxField } from '../../../components/form/controls';
import { LabelChip } from '../components/status-badge';
import { Form } from '../../../components/form/form';

const DEFAULT_COLOUR = '#7148e5';

export function ContentLabelsPage() {
  const { t } = useTranslation();
  usePageTitle(t('authoring.labels.title'));
  const labels = useQuery(contentLabelsQuery);
  const remove = useDeleteLabel();

  return (
    <EditableListPage
      page="admin_content_labels"
      title={t('authoring.labels.title')}
      description={t('authoring.labels.description')}
      query={labels}
      items={labels.data ?? []}
      testIds={{ list: 'label-list', row: 'label-row' }}
      empty={{ title: t('authoring.labels.empty'), description: t('authoring.labels.empty_description') }}
      newTitle={t('authoring.labels.new')}
      texts={{
        edit: (label) => t('authoring.labels.edit', { name: label.name }),
        delete: (label) => t('authoring.labels.delete', { name: label.name }),
        deleteTitle: t('authoring.labels.delete_title'),
        deleteConfirm: (label) => t('authoring.labels.delete_confirm', { name: label.name }),
        deleted: (label) => t('authoring.labels.deleted', { name: label.name }),
      }}
      remove={remove}
      renderRow={(label) => (
        <>
          <div className="flex-1">
            <LabelChip name={label.name} color={label.color} />
          </div>
          <span className="font-mono text-xs text-slate-500">
            {label.color ?? t('authoring.labels.no_colour')}
          </span>
        </>
      )}
      renderForm={(label, onDone) => <LabelForm label={label} onDone={onDone} />}
    />
  );
}

function LabelForm({ label, onDone }: { label: ContentLabel | null; onDone: () => void }) {
  const { t } = useTranslation();
  const colourId = useId();
  const save = useSaveLabel();
  const [withColour, setWithColour] = useState(label ? Boolean(label.color) : true);
  const [colour, setColour] = useState(label?.color ?? DEFAULT_COLOUR);
  const { name, changeName, errors, submit } = useRecordForm({
    record: label,
    fields: ['name', 'color'],
    texts: {
      nameRequired: t('authoring.labels.name_required'),
      created: (created) => t('authoring.labels.created', { name: created }),
    },
    save: (trimmed) =>
      save.mutateAsync({
        id: label?.id ?? null,
        input: { name: trimmed, color: withColour ? colour.toLowerCase() : null },
      }),
    onDone,
  });

  return (
    <Form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid={label ? 'label-edit-form' : 'label-form'}
    >
      {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <TextField
          {...fieldProps(errors, 'name', name, changeName)}
          label={t('authoring.labels.name')}
          maxLength={60}
          required
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={colourId} className="text-sm font-medium text-slate-800">
            {t('authoring.labels.colour')}
          </label>
          <input
            id={colourId}
            type="color"
            value={colour}
            disabled={!withColour}
            onChange={(event) => setColour(event.target.value)}
            className="h-11 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 disabled:cursor-not-allowed disabled:opacity-40"
          />
          <FieldError>{errors.fields.color}</FieldError>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          label={t('authoring.labels.use_colour')}
          checked={withColour}
          onCheckedChange={setWithColour}
        />
        <div className="flex gap-2">
          <RecordFormButtons
            editing={label !== null}
            busy={save.isPending}
            addLabel={t('authoring.labels.add')}
            onCancel={onDone}
          />
        </div>
      </div>
    </Form>
  );
}
