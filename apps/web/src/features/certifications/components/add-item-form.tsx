/** Adds an item to the portfolio: a reflection (rich text), evidence (files), a link or a completed course. */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FileUpload } from '../../../components/file-upload';
import { FormMessage, GeneralErrors, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useTranslation } from '../../../lib/i18n/i18n';
import { enrollmentsQuery } from '../../../lib/resources/enrollments';
import type { StoredFile } from '../../../lib/resources/files';
import { courseIdentifier, useAddPortfolioItem, type Visibility } from '../../../lib/resources/portfolio';
import { LabelledSelect } from './labelled-select';
import { Form } from '../../../components/form/form';

type AddableKind = 'reflection' | 'evidence' | 'link' | 'course';

export function AddItemForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddPortfolioItem();
  const [kind, setKind] = useState<AddableKind>('reflection');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [visibility, setVisibility] = useState<Visibility>('coaches');
  const [competencies, setCompetencies] = useState('');
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const completed = useQuery({
    ...enrollmentsQuery({ status: 'completed', page: 1, size: 100 }),
    enabled: kind === 'course',
  });
  const courses = (completed.data?.items ?? []).flatMap((enrollment) =>
    enrollment.course ? [{ value: enrollment.course.id, label: enrollment.course.title }] : [],
  );
  const [courseId, setCourseId] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    add.mutate(
      {
        kind,
        title,
        body,
        url: kind === 'link' ? url : null,
        course: kind === 'course' ? courseIdentifier(courseId || courses[0]?.value) : null,
        files: files.map((file) => ({ id: file.id })),
        visibility,
        competencies: competencies
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      },
      {
        onSuccess: onDone,
        onError: (error) =>
          setErrors(
            formErrorsFrom(
              error,
              ['title', 'body', 'url', 'files', 'course'],
              t('portfolio.items.add_failed'),
            ),
          ),
      },
    );
  };

  return (
    <Form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="add-item-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledSelect
          name="kind"
          label={t('portfolio.items.kind')}
          value={kind}
          onChange={setKind}
          options={(['reflection', 'evidence', 'link', 'course'] as const).map((value) => ({
            value,
            label: t(`portfolio.kind.${value}`),
          }))}
        />
        <LabelledSelect
          name="visibility"
          label={t('portfolio.items.visibility')}
          value={visibility}
          onChange={setVisibility}
          options={(['private', 'coaches', 'public'] as const).map((value) => ({
            value,
            label: t(`portfolio.visibility.${value}`),
          }))}
        />
      </div>
      <TextField
        {...fieldProps(errors, 'title', title, setTitle)}
        label={t('portfolio.items.title_label')}
        maxLength={200}
        required
      />
      {kind === 'link' && (
        <TextField
          {...fieldProps(errors, 'url', url, setUrl)}
          type="url"
          label={t('portfolio.items.url')}
          placeholder="https://"
        />
      )}
      {kind === 'course' &&
        (courses.length > 0 ? (
          <LabelledSelect
            name="course_id"
            label={t('portfolio.items.course')}
            value={courseId || courses[0]!.value}
            onChange={setCourseId}
            options={courses}
          />
        ) : (
          completed.isSuccess && <p className="text-sm text-slate-600">{t('portfolio.items.no_completed')}</p>
        ))}
      {errors.fields.course && <FormMessage kind="error">{errors.fields.course}</FormMessage>}
      <RichTextEditor
        label={kind === 'reflection' ? t('portfolio.items.reflection') : t('portfolio.items.note')}
        value={body}
        onChange={setBody}
        error={errors.fields.body}
        field="body"
        tools="basic"
      />
      {(kind === 'reflection' || kind === 'evidence') && (
        <div className="flex flex-col gap-2">
          <FileUpload
            label={t('portfolio.items.file')}
            field="file_ids"
            error={errors.fields.files}
            onUploaded={(file) => setFiles((current) => [...current, file])}
            onUploadingChange={setUploading}
          />
          {files.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm text-slate-700" data-testid="attached-files">
              {files.map((file) => (
                <li key={file.id} className="flex items-center gap-2">
                  <span>{file.name}</span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setFiles((current) => current.filter((other) => other.id !== file.id))}
                  >
                    {t('portfolio.items.remove_file', { name: file.name })}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <TextField
        name="competencies"
        label={t('portfolio.items.competencies')}
        hint={t('portfolio.items.competencies_hint')}
        value={competencies}
        onValueChange={setCompetencies}
      />
      <GeneralErrors messages={errors.general} />
      <div className="flex gap-2">
        <Button type="submit" disabled={add.isPending || uploading}>
          {t('portfolio.items.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('portfolio.items.cancel')}
        </Button>
      </div>
    </Form>
  );
}
