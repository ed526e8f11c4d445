/**
 * /admin/catalogs: the catalog categories students browse by, in position order. Create, rename,
 * describe, move up or down, delete (its courses become uncategorised).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { FolderIcon } from '../../../components/icons-ui';
import { useTranslation } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  catalogCategoriesQuery,
  type CatalogCategory,
  useDeleteCategory,
  useSaveCategory,
} from '../../../lib/resources/catalog-categories';
import { EditableListPage, RecordFormButtons, useRecordForm } from '../../../components/editable-list';
import { MoveButtons } from '../../../components/row-actions';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { Form } from '../../../components/form/form';

export function CatalogCategoriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('authoring.categories.title'));
  const categories = useQuery(catalogCategoriesQuery);
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [announcement, setAnnouncement] = useState('');

  const ordered = [...(categories.data ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));

  const move = (category: CatalogCategory, step: -1 | 1) => {
    const index = ordered.findIndex((item) => item.id === category.id);
    const target = ordered[index + step];
    if (!target) return;
    save.mutate(
      { id: category.id, input: { position: target.position } },
      {
        onSuccess: () =>
          setAnnouncement(
            t('authoring.categories.moved', {
              name: category.name,
              position: index + step + 1,
              total: ordered.length,
            }),
          ),
        onError: (error) =>
          showToast({
            kind: 'error',
            message: formErrorsFrom(error, [], t('forms.default_error')).general[0],
          }),
      },
    );
  };

  return (
    <EditableListPage
      page="admin_catalogs"
      title={t('authoring.categories.title')}
      description={t('authoring.categories.description')}
      query={categories}
      items={ordered}
      numbered
      testIds={{ list: 'category-list', row: 'category-row' }}
      empty={{
        title: t('authoring.categories.empty'),
        description: t('authoring.categories.empty_description'),
        icon: <FolderIcon size={24} />,
      }}
      newTitle={t('authoring.categories.new')}
      texts={{
        edit: (category) => t('authoring.categories.edit', { name: category.name }),
        delete: (category) => t('authoring.categories.delete', { name: category.name }),
        deleteTitle: t('authoring.categories.delete_title'),
        deleteConfirm: (category) => t('authoring.categories.delete_confirm', { name: category.name }),
        deleted: (category) => t('authoring.categories.deleted', { name: category.name }),
      }}
      remove={remove}
      renderRow={(category, index) => (
        <>
          <span className="w-6 text-right text-sm text-slate-500 tabular-nums">{index + 1}.</span>
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">{category.name}</p>
            {category.description && <p className="text-sm text-slate-600">{category.description}</p>}
            <p className="text-xs text-slate-500">
              {t('authoring.categories.courses', { count: category.publishedCoursesCount ?? 0 })}
            </p>
          </div>
          <MoveButtons
            title={category.name}
            onMove={(step) => move(category, step)}
            upDisabled={index === 0 || save.isPending}
            downDisabled={index === ordered.length - 1 || save.isPending}
          />
        </>
      )}
      renderForm={(category, onDone) => <CategoryForm category={category} onDone={onDone} />}
    >
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </EditableListPage>
  );
}

function CategoryForm({ category, onDone }: { category: CatalogCategory | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const [description, setDescription] = useState(category?.description ?? '');
  const { name, changeName, errors, submit } = useRecordForm({
    record: category,
    fields: ['name', 'description'],
    texts: {
      nameRequired: t('authoring.categories.name_required'),
      created: (created) => t('authoring.categories.created', { name: created }),
    },
    save: (trimmed) => save.mutateAsync({ id: category?.id ?? null, input: { name: trimmed, description } }),
    onDone,
    onCreated: () => setDescription(''),
  });

  return (
    <Form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid={category ? 'category-edit-form' : 'category-form'}
    >
      {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      <TextField
        {...fieldProps(errors, 'name', name, changeName)}
        label={t('authoring.categories.name')}
        maxLength={120}
        required
      />
      <TextAreaField
        {...fieldProps(errors, 'description', description, setDescription)}
        label={t('authoring.categories.description_label')}
        rows={2}
      />
      <div className="flex justify-end gap-2">
        <RecordFormButtons
          editing={category !== null}
          busy={save.isPending}
          addLabel={t('authoring.categories.add')}
          onCancel={onDone}
        />
      </div>
    </Form>
  );
}
