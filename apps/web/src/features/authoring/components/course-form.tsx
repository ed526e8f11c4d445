/**
 * The course details form (create and edit): title, summary, description, cover, language, status,
 * catalog category (with the catalog-categories feature), content labels and estimated duration.
 * A 422 shows each message at its field; nothing typed is lost.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { COURSE_STATUSES, FEATURES, hasFeature, type CourseStatus } from '@leerpad/core';
import { Button } from '../../../components/button';
import { FieldError, FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session/use-session';
import { catalogCategoriesQuery } from '../../../lib/resources/catalog-categories';
import { contentLabelsQuery } from '../../../lib/resources/content-labels';
import { type Course, type CourseInput, useSaveCourse } from '../../../lib/resources/courses';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { FileUpload } from '../../../components/file-upload';
import { NumberField, SelectField, numberOrNull, textOf } from '../../../components/form/controls';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { LabelChip } from './status-badge';
import { RequiresApprovalSwitch } from '../../../components/requires-approval-switch';
import { Form } from '../../../components/form/form';

interface CourseValues {
  title: string;
  summary: string;
  description: string;
  language: string;
  status: CourseStatus;
  catalogCategory: string;
  contentLabels: string[];
  estimatedMinutes: string;
  coverFile: string | null;
  coverFileName: string | null;
  coverImageUrl: string;
  coverPreview: string | null;
  requiresApproval: boolean;
  requiresSignoff: boolean;
}

const FIELDS = [
  'title',
  'summary',
  'description',
  'language',
  'status',
  'catalogCategory',
  'contentLabels',
  'estimatedMinutes',
  'coverFile',
  'coverImageUrl',
  'requiresApproval',
  'requiresSignoff',
];

function valuesFrom(course: Course | undefined, defaultLanguage: string): CourseValues {
  const fromFile = Boolean(course?.coverFile?.id);
  return {
    title: course?.title ?? '',
    summary: course?.summary ?? '',
    description: course?.description ?? '',
    language: course?.language ?? defaultLanguage,
    status: course?.status ?? 'draft',
    catalogCategory: course?.catalogCategory?.id ?? '',
    contentLabels: (course?.contentLabels ?? []).map((label) => label.id),
    estimatedMinutes: textOf(course?.estimatedMinutes),
    coverFile: course?.coverFile?.id ?? null,
    coverFileName: null,
    coverImageUrl: fromFile ? '' : (course?.coverImageUrl ?? ''),
    coverPreview: course?.coverImageUrl ?? null,
    requiresApproval: course?.requiresApproval ?? false,
    requiresSignoff: course?.requiresSignoff ?? false,
  };
}

export function CourseForm({ course, onSaved }: { course?: Course; onSaved: (course: Course) => void }) {
  const { t, i18n } = useTranslation();
  const { portal, features } = useSession();
  const withCategories = hasFeature(features, FEATURES.catalogCategories);
  const withApprovals = hasFeature(features, FEATURES.coachMandateApprovals);
  const categories = useQuery({ ...catalogCategoriesQuery, enabled: withCategories });
  const labels = useQuery(contentLabelsQuery);
  const save = useSaveCourse(course?.id ?? null);

  const languages = (portal?.languages ?? []).map((language) => language.locale);
  const defaultLanguage =
    (portal?.parameters?.find((parameter) => parameter.type === 'default_language')?.data as string) ??
    portal?.languages?.find((language) => language.isPrimary)?.locale ??
    'nl';
  const [values, setValues] = useState<CourseValues>(() => valuesFrom(course, defaultLanguage));
  const { form, errors, clear, clearField, showFieldErrors, showFailure } = useFormErrors(FIELDS);
  const [saved, setSaved] = useState(false);

  // A status changed elsewhere on the page (publish) shows here too.
  const courseStatus = course?.status;
  useEffect(() => {
    if (courseStatus) setValues((current) => ({ ...current, status: courseStatus }));
  }, [courseStatus]);

  const set = <K extends keyof CourseValues>(name: K, value: CourseValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setSaved(false);
    clearField(name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.title.trim() === '') {
      showFieldErrors({ title: t('authoring.course.title_required') });
      return;
    }
    const input: CourseInput = {
      title: values.title,
      summary: values.summary,
      description: values.description,
      language: values.language,
      status: values.status,
      // Written as a course is read: category, labels and cover file are relationships (decision 050).
      contentLabels: values.contentLabels.map((id) => ({ type: 'content_labels', id })),
      estimatedMinutes: numberOrNull(values.estimatedMinutes),
      coverFile: values.coverFile ? { type: 'files', id: values.coverFile } : null,
      coverImageUrl: values.coverFile ? null : values.coverImageUrl.trim() || null,
      ...(withCategories
        ? {
            catalogCategory: values.catalogCategory
              ? { type: 'catalog_categories', id: values.catalogCategory }
              : null,
          }
        : {}),
      ...(withApprovals
        ? { requiresApproval: values.requiresApproval, requiresSignoff: values.requiresSignoff }
        : {}),
    };
    clear();
    try {
      const result = await save.mutateAsync(input);
      setSaved(true);
      onSaved(result);
    } catch (failure) {
      showFailure(failure);
    }
  };

  const labelError = errors.fields.contentLabels;
  const coverError = errors.fields.coverFile || errors.fields.coverImageUrl;

  return (
    <Form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="course-form">
      {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      <TextField
        {...fieldProps(errors, 'title', values.title, (value) => set('title', value))}
        data-field="title"
        label={t('authoring.course.title')}
        required
        maxLength={200}
      />
      <TextAreaField
        {...fieldProps(errors, 'summary', values.summary, (value) => set('summary', value))}
        data-field="summary"
        label={t('authoring.course.summary')}
        hint={t('authoring.course.summary_hint')}
        maxLength={1000}
        rows={3}
      />
      <RichTextEditor
        label={t('authoring.course.description')}
        value={values.description}
        onChange={(html) => set('description', html)}
        error={errors.fields.description || undefined}
        field="description"
      />

      <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('authoring.course.cover')}</legend>
        {values.coverPreview && (
          <div className="flex items-center gap-3">
            <img
              src={values.coverPreview}
              alt={t('authoring.course.cover_preview')}
              className="h-20 w-36 rounded-lg border border-slate-200 object-cover"
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                set('coverFile', null);
                set('coverImageUrl', '');
                set('coverPreview', null);
                set('coverFileName', null);
              }}
            >
              {t('authoring.course.cover_remove')}
            </Button>
          </div>
        )}
        <FileUpload
          label={t('authoring.course.cover_upload')}
          accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
          field="coverFile"
          current={values.coverFileName ? { name: values.coverFileName } : null}
          onUploaded={(file) => {
            set('coverFile', file.id);
            set('coverFileName', file.name);
            set('coverImageUrl', '');
            set('coverPreview', file.url);
          }}
        />
        <TextField
          name="coverImageUrl"
          data-field="coverImageUrl"
          type="url"
          label={t('authoring.course.cover_url')}
          placeholder="https://"
          value={values.coverImageUrl}
          onValueChange={(value) => {
            set('coverImageUrl', value);
            set('coverFile', null);
            set('coverFileName', null);
            set('coverPreview', /^https?:\/\/\S+$/.test(value.trim()) ? value.trim() : null);
          }}
        />
        <FieldError>{coverError}</FieldError>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('authoring.course.language')}
          field="language"
          value={values.language}
          onValueChange={(value) => set('language', value)}
          error={errors.fields.language || undefined}
          options={(languages.includes(values.language) ? languages : [values.language, ...languages]).map(
            (locale) => ({
              value: locale,
              label: i18n.exists(`language.names.${locale}`) ? t(`language.names.${locale}`) : locale,
            }),
          )}
        />
        <SelectField
          label={t('authoring.course.status')}
          field="status"
          value={values.status}
          onValueChange={(value) => set('status', value as CourseStatus)}
          error={errors.fields.status || undefined}
          hint={t('authoring.course.status_hint')}
          options={COURSE_STATUSES.map((status) => ({
            value: status,
            label: t(`authoring.course_status.${status}`),
          }))}
        />
        {withCategories && (
          <SelectField
            label={t('authoring.course.category')}
            field="catalogCategory"
            value={values.catalogCategory}
            onValueChange={(value) => set('catalogCategory', value)}
            error={errors.fields.catalogCategory || undefined}
            options={[
              { value: '', label: t('authoring.course.no_category') },
              ...(categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
            ]}
          />
        )}
        <NumberField
          label={t('authoring.course.estimated_minutes')}
          field="estimatedMinutes"
          min={0}
          max={100000}
          value={values.estimatedMinutes}
          onValueChange={(value) => set('estimatedMinutes', value)}
          error={errors.fields.estimatedMinutes || undefined}
        />
      </div>

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={labelError ? 'course-labels-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('authoring.course.labels')}</legend>
        {labels.data && labels.data.length === 0 && (
          <p className="text-sm text-slate-600">{t('authoring.course.no_labels')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {(labels.data ?? []).map((label, index) => {
            const checked = values.contentLabels.includes(label.id);
            return (
              <label
                key={label.id}
                className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
                  checked ? 'border-primary bg-primary-soft' : 'border-slate-300 bg-white'
                }`}
              >
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={checked}
                  data-field={index === 0 ? 'contentLabels' : undefined}
                  onChange={() =>
                    set(
                      'contentLabels',
                      checked
                        ? values.contentLabels.filter((id) => id !== label.id)
                        : [...values.contentLabels, label.id],
                    )
                  }
                />
                <LabelChip name={label.name} color={label.color} />
              </label>
            );
          })}
        </div>
        <FieldError id="course-labels-error">{labelError}</FieldError>
      </fieldset>

      {withApprovals && (
        <RequiresApprovalSwitch
          checked={values.requiresApproval}
          onChange={(checked) => set('requiresApproval', checked)}
          error={errors.fields.requiresApproval}
        />
      )}
      {withApprovals && (
        <RequiresApprovalSwitch
          kind="signoff"
          checked={values.requiresSignoff}
          onChange={(checked) => set('requiresSignoff', checked)}
          error={errors.fields.requiresSignoff}
        />
      )}

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <Button type="submit" loading={save.isPending} data-testid="save-course">
          {course ? t('authoring.course.save') : t('authoring.course.create')}
        </Button>
        <span role="status" className="text-sm text-emerald-700">
          {saved && course ? t('authoring.course.saved') : ''}
        </span>
      </div>
    </Form>
  );
}
