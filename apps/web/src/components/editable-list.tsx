/**
 * The shape shared by the catalog-category and content-label pages: a list of named records, each
 * edited in place or deleted after a confirmation, and a form for a new record below the list.
 */
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorBlock, errorKindOf } from './error-block';
import { Loading } from './loading';
import { PageHeader } from './page-header';
import { useTranslation } from '../lib/i18n/i18n';
import { showToast } from '../lib/toasts/toasts';
import { NO_ERRORS, formErrorsFrom, type FormErrors } from './form/server-errors';
import { PlusIcon } from './authoring-icons';
import { ConfirmDialog } from './confirm-dialog';
import { DeleteButton, EditButton } from './row-actions';

interface NamedRecord {
  id: string;
  name: string;
}

export function EditableListPage<T extends NamedRecord>({
  page,
  title,
  description,
  query,
  items,
  numbered = false,
  testIds,
  empty,
  newTitle,
  texts,
  remove,
  renderRow,
  renderForm,
  children,
  after,
}: {
  /** The page's `data-page` name. */
  page: string;
  title: string;
  description: string;
  query: UseQueryResult<T[]>;
  /** The records in the order shown. */
  items: T[];
  /** An ordered list (the position matters) rather than a plain one. */
  numbered?: boolean;
  testIds: { list: string; row: string };
  empty: { title: string; description: string; icon?: ReactNode };
  newTitle: string;
  texts: {
    edit: (record: T) => string;
    delete: (record: T) => string;
    deleteTitle: string;
    deleteConfirm: (record: T) => string;
    deleted: (record: T) => string;
  };
  remove: UseMutationResult<unknown, Error, string>;
  /** The row's own content; the edit and delete buttons follow it. */
  renderRow: (record: T, index: number) => ReactNode;
  /** The form for a record (null: a new one); `onDone` ends editing. */
  renderForm: (record: T | null, onDone: () => void) => ReactNode;
  /** Shown between the header and the list. */
  children?: ReactNode;
  /** Shown below the form for a new record. */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const List = numbered ? 'ol' : 'ul';

  return (
    <div data-page={page} className="max-w-4xl">
      <PageHeader title={title} description={description} />
      {children}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorBlock kind={errorKindOf(query.error)} asPage={false} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} icon={empty.icon} />
      ) : (
        <List
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm"
          data-testid={testIds.list}
        >
          {items.map((record, index) => (
            <li key={record.id} className="px-4 py-3" data-testid={testIds.row}>
              {editing === record.id ? (
                renderForm(record, () => setEditing(null))
              ) : (
                <div className="flex items-center gap-3">
                  {renderRow(record, index)}
                  <EditButton label={texts.edit(record)} onClick={() => setEditing(record.id)} />
                  <DeleteButton label={texts.delete(record)} onClick={() => setDeleting(record)} />
                </div>
              )}
            </li>
          ))}
        </List>
      )}

      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">{newTitle}</h2>
        {renderForm(null, () => undefined)}
      </div>
      {after}

      {deleting && (
        <ConfirmDialog
          title={texts.deleteTitle}
          description={texts.deleteConfirm(deleting)}
          confirmLabel={t('authoring.actions.delete')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                showToast({ kind: 'success', message: texts.deleted(deleting) });
                setDeleting(null);
              },
            })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

/**
 * The name and errors of a record form. Submitting checks the name, saves, then ends editing (an
 * existing record) or confirms and clears the form (a new one).
 */
export function useRecordForm({
  record,
  fields,
  texts,
  save,
  onDone,
  onCreated,
}: {
  record: NamedRecord | null;
  /** The fields whose server errors show at the field. */
  fields: readonly string[];
  texts: { nameRequired: string; created: (name: string) => string };
  save: (name: string) => Promise<unknown>;
  onDone: () => void;
  /** Clears the form's other fields after a new record. */
  onCreated?: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(record?.name ?? '');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const changeName = (value: string) => {
    setName(value);
    setErrors(NO_ERRORS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setErrors({ fields: { name: texts.nameRequired }, general: [] });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await save(name.trim());
      if (record) onDone();
      else {
        showToast({ kind: 'success', message: texts.created(name.trim()) });
        setName('');
        onCreated?.();
      }
    } catch (failure) {
      setErrors(formErrorsFrom(failure, fields, t('forms.default_error')));
    }
  };

  return { name, changeName, errors, submit };
}

/** Cancel (when editing) and save, or add for a new record. */
export function RecordFormButtons({
  editing,
  busy,
  addLabel,
  onCancel,
}: {
  editing: boolean;
  busy: boolean;
  addLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {editing && (
        <Button variant="secondary" onClick={onCancel}>
          {t('authoring.actions.cancel')}
        </Button>
      )}
      <Button type="submit" loading={busy}>
        {editing ? (
          t('actions.save')
        ) : (
          <>
            <PlusIcon size={16} />
            {addLabel}
          </>
        )}
      </Button>
    </>
  );
}
