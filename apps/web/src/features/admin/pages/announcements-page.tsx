/** /admin/announcements: write, schedule and remove the portal's announcements. */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FieldError, FormMessage, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { ModalFrame } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  ANNOUNCEMENT_AUDIENCES,
  announcementListQuery,
  useDeleteAnnouncement,
  useSaveAnnouncement,
  type Announcement,
  type AnnouncementAudience,
} from '../../../lib/resources/announcements';
import { courseTitlesQuery } from '../../../lib/resources/courses';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { SelectField } from '../../../components/form/controls';
import { TableHead } from '../../../components/table';
import { FormActions } from '../../../components/form/form-actions';
import { Form } from '../../../components/form/form';

const FIELDS = ['title', 'body', 'language', 'audience', 'courses', 'startsAt', 'endsAt'];

/** An ISO instant as the value of a `datetime-local` input (local time, minutes). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

export function AdminAnnouncementsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('settings.announcements.admin.title'));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const list = useQuery(announcementListQuery(page, size));
  const remove = useDeleteAnnouncement();

  return (
    <div className="mx-auto max-w-5xl" data-page="admin-announcements">
      <PageHeader
        title={t('settings.announcements.admin.title')}
        description={t('settings.announcements.admin.description')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="new-announcement">
            {t('settings.announcements.admin.new')}
          </Button>
        }
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorBlock kind={errorKindOf(list.error)} asPage={false} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={t('settings.announcements.admin.empty_title')}
          description={t('settings.announcements.admin.empty')}
        />
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="announcement-table">
              <TableHead
                className="border-b border-slate-200 bg-slate-50 text-slate-700"
                cellClassName="px-4 py-3 font-semibold"
                columns={[
                  ...['title', 'audience', 'window', 'status'].map((key) =>
                    t(`settings.announcements.fields.${key}`),
                  ),
                  { label: t('settings.announcements.admin.actions'), hidden: true },
                ]}
              />
              <tbody className="divide-y divide-slate-200">
                {list.data.items.map((announcement) => (
                  <tr key={announcement.id} data-testid="announcement-row">
                    <td className="px-4 py-3 font-medium text-slate-900">
                      {announcement.title}
                      <span className="ml-2 font-mono text-xs text-slate-600">{announcement.language}</span>
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {announcement.audience
                        .map((audience) => t(`settings.announcements.audience.${audience}`))
                        .join(', ')}
                      {(announcement.courses?.length ?? 0) > 0 &&
                        ` · ${t('settings.announcements.admin.course_count', { count: announcement.courses?.length ?? 0 })}`}
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {formatDateTime(announcement.startsAt, i18n.language)}
                      {announcement.endsAt && ` – ${formatDateTime(announcement.endsAt, i18n.language)}`}
                    </td>
                    <td className="px-4 py-3">
                      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
                        {t(`settings.announcements.status.${announcement.status}`)}
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t('settings.announcements.admin.edit_named', {
                            title: announcement.title,
                          })}
                          onClick={() => setEditing(announcement)}
                        >
                          {t('settings.announcements.admin.edit')}
                        </Button>
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={t('settings.announcements.admin.delete_named', {
                            title: announcement.title,
                          })}
                          onClick={() => {
                            if (
                              !window.confirm(
                                t('settings.announcements.admin.confirm_delete', {
                                  title: announcement.title,
                                }),
                              )
                            )
                              return;
                            remove.mutate(announcement.id, {
                              onSuccess: () =>
                                showToast({
                                  kind: 'success',
                                  message: t('settings.announcements.admin.deleted'),
                                }),
                            });
                          }}
                        >
                          {t('settings.announcements.admin.delete')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            total={list.data.total}
            page={page}
            size={size}
            onChange={(nextPage, nextSize) => {
              setPage(nextPage);
              setSize(nextSize);
            }}
          />
        </>
      )}
      {editing && (
        <AnnouncementDialog
          announcement={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function AnnouncementDialog({
  announcement,
  onClose,
}: {
  announcement: Announcement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { portal } = useSession();
  const save = useSaveAnnouncement();
  const courses = useQuery(courseTitlesQuery);
  const languages = (portal?.languages ?? []).map((language) => language.locale);
  const [title, setTitle] = useState(announcement?.title ?? '');
  const [body, setBody] = useState(announcement?.body ?? '');
  const [language, setLanguage] = useState(announcement?.language ?? languages[0] ?? 'en');
  const [audience, setAudience] = useState<AnnouncementAudience[]>(announcement?.audience ?? ['students']);
  const [courseIds, setCourseIds] = useState<string[]>(
    (announcement?.courses ?? []).map((course) => course.id),
  );
  const [startsAt, setStartsAt] = useState(toLocalInput(announcement?.startsAt ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(announcement?.endsAt ?? null));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const toggle = <T extends string>(list: T[], value: T) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    save.mutate(
      {
        id: announcement?.id ?? null,
        input: {
          title,
          body,
          language,
          audience,
          courses: (audience.includes('students') ? courseIds : []).map((id) => ({ type: 'courses', id })),
          startsAt: fromLocalInput(startsAt) ?? '',
          endsAt: fromLocalInput(endsAt),
        },
      },
      {
        onSuccess: () => {
          showToast({ kind: 'success', message: t('settings.announcements.admin.saved') });
          onClose();
        },
        onError: (failure) => setErrors(formErrorsFrom(failure, FIELDS, t('forms.default_error'))),
      },
    );
  };

  return (
    <ModalFrame
      size="lg"
      title={
        announcement
          ? t('settings.announcements.admin.edit_title')
          : t('settings.announcements.admin.new_title')
      }
      description={t('settings.announcements.admin.dialog_description')}
      onClose={onClose}
    >
      <Form onSubmit={submit} className="grid gap-4" noValidate data-testid="announcement-form">
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <TextField
          {...fieldProps(errors, 'title', title, setTitle)}
          label={t('settings.announcements.fields.title')}
          required
        />
        <RichTextEditor
          label={t('settings.announcements.fields.body')}
          value={body}
          onChange={setBody}
          error={errors.fields.body}
          field="body"
        />
        <SelectField
          label={t('settings.announcements.fields.language')}
          value={language}
          onValueChange={setLanguage}
          error={errors.fields.language}
          field="language"
          options={(languages.length > 0 ? languages : ['en', 'nl', 'ro']).map((value) => ({
            value,
            label: t(`language.names.${value}`),
          }))}
        />
        <fieldset
          data-field="audience"
          aria-describedby={errors.fields.audience ? 'announcement-audience-error' : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {t('settings.announcements.fields.audience')}
          </legend>
          <div className="flex flex-wrap gap-4">
            {ANNOUNCEMENT_AUDIENCES.map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={audience.includes(value)}
                  onChange={() => setAudience((current) => toggle(current, value))}
                  className="size-4 rounded border-slate-400"
                />
                {t(`settings.announcements.audience.${value}`)}
              </label>
            ))}
          </div>
          <FieldError id="announcement-audience-error">{errors.fields.audience}</FieldError>
        </fieldset>
        {audience.includes('students') && (courses.data?.length ?? 0) > 0 && (
          <fieldset data-field="courses">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">
              {t('settings.announcements.fields.courses')}
            </legend>
            <p className="mb-2 text-sm text-slate-600">{t('settings.announcements.fields.courses_hint')}</p>
            <div className="grid max-h-40 gap-2 overflow-y-auto sm:grid-cols-2">
              {courses.data?.map((course) => (
                <label key={course.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={courseIds.includes(course.id)}
                    onChange={() => setCourseIds((current) => toggle(current, course.id))}
                    className="size-4 rounded border-slate-400"
                  />
                  {course.title}
                </label>
              ))}
            </div>
            <FieldError>{errors.fields.courses}</FieldError>
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...fieldProps(errors, 'startsAt', startsAt, setStartsAt)}
            type="datetime-local"
            label={t('settings.announcements.fields.starts_at')}
            required
          />
          <TextField
            {...fieldProps(errors, 'endsAt', endsAt, setEndsAt)}
            type="datetime-local"
            label={t('settings.announcements.fields.ends_at')}
            hint={t('settings.announcements.fields.ends_at_hint')}
          />
        </div>
        <FormActions
          onCancel={onClose}
          cancelLabel={t('settings.announcements.admin.cancel')}
          submitLabel={t('settings.announcements.admin.publish')}
          pending={save.isPending}
          submitTestId="announcement-submit"
        />
      </Form>
    </ModalFrame>
  );
}
