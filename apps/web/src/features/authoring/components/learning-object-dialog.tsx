/**
 * Adds or edits one learning object of any type: page (rich text), video (address), file (upload),
 * quiz (settings, then its question pool and imports), assignment (answer type, group work) or
 * SCORM package (then its zip) or cmi5 course (then its cmi5.xml or zip).
 * Switches behind portal features show only when the feature is on.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  ASSIGNMENT_ANSWER_TYPES,
  FEATURES,
  LEARNING_OBJECT_TYPES,
  QUIZ_DEFAULT_PASS_MARK,
  QUIZ_MAX_TIME_LIMIT_MINUTES,
  hasFeature,
  videoEmbed,
  type AssignmentAnswerType,
  type LearningObjectType,
} from '@leerpad/core';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FieldError, FormMessage, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { Loading } from '../../../components/loading';
import { ModalFrame } from '../../../components/modal';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import {
  type LearningObject,
  type LearningObjectInput,
  learningObjectQuery,
  useSaveLearningObject,
} from '../../../lib/resources/learning-objects';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { FileUpload } from '../../../components/file-upload';
import {
  CheckboxField,
  NumberField,
  SelectField,
  numberOrNull,
  textOf,
} from '../../../components/form/controls';
import { ObjectTypeIcon } from './object-type-icon';
import { QuestionPool } from './question-pool';
import { QuizImport } from './quiz-import';
import { ScormPackageUpload } from './scorm-package-upload';
import { Cmi5CourseImport } from './cmi5-course-import';
import { LtiLinkEditor } from './lti-link-editor';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { Form } from '../../../components/form/form';

interface ObjectValues {
  kind: LearningObjectType;
  title: string;
  required: boolean;
  estimatedMinutes: string;
  body: string;
  videoUrl: string;
  file: { id: string; name: string; byteSize?: number | null; url?: string } | null;
  passMark: string;
  attemptsLimit: string;
  questionsPerAttempt: string;
  timeLimitMinutes: string;
  answerType: AssignmentAnswerType;
  groupSubmission: boolean;
}

const FIELDS = [
  'kind',
  'title',
  'required',
  'estimatedMinutes',
  'body',
  'videoUrl',
  'file',
  'settings.passMark',
  'settings.attemptsLimit',
  'settings.questionsPerAttempt',
  'settings.timeLimitMinutes',
  'settings.answerType',
  'settings.groupSubmission',
];

function valuesFrom(object: LearningObject | null, kind: LearningObjectType): ObjectValues {
  const settings = object?.settings ?? {};
  return {
    kind: object?.kind ?? kind,
    title: object?.title ?? '',
    required: object?.required ?? true,
    estimatedMinutes: textOf(object?.estimatedMinutes),
    body: object?.body ?? '',
    videoUrl: object?.videoUrl ?? '',
    file: object?.file
      ? { id: object.file.id, name: object.file.name, byteSize: object.file.byteSize, url: object.file.url }
      : null,
    passMark: textOf(settings.passMark ?? QUIZ_DEFAULT_PASS_MARK),
    attemptsLimit: textOf(settings.attemptsLimit),
    questionsPerAttempt: textOf(settings.questionsPerAttempt),
    timeLimitMinutes: textOf(settings.timeLimitMinutes),
    answerType: settings.answerType ?? 'text',
    groupSubmission: settings.groupSubmission ?? false,
  };
}

export function LearningObjectDialog({
  courseId,
  sectionId,
  objectId: initialObjectId,
  onClose,
}: {
  courseId: string;
  sectionId: string;
  objectId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // A new quiz stays open after saving, so its questions can be added straight away.
  const [objectId, setObjectId] = useState(initialObjectId);
  const object = useQuery({ ...learningObjectQuery(objectId ?? ''), enabled: objectId !== null });
  const title = objectId
    ? t('authoring.object.edit_title', { title: object.data?.title ?? '' })
    : t('authoring.object.new_title');

  return (
    <ModalFrame title={title} onClose={onClose} size="lg">
      {objectId !== null && object.isPending ? (
        <Loading />
      ) : objectId !== null && object.isError ? (
        <ErrorBlock kind={errorKindOf(object.error)} asPage={false} onRetry={() => void object.refetch()} />
      ) : (
        <ObjectEditor
          key={objectId ?? 'new'}
          courseId={courseId}
          sectionId={sectionId}
          object={object.data ?? null}
          onSaved={(saved, created) => {
            if (
              created &&
              (saved.kind === 'quiz' ||
                saved.kind === 'scorm' ||
                saved.kind === 'cmi5' ||
                saved.kind === 'lti')
            ) {
              setObjectId(saved.id);
              showToast({
                kind: 'success',
                message: t(
                  saved.kind === 'quiz'
                    ? 'authoring.object.quiz_created'
                    : saved.kind === 'cmi5'
                      ? 'authoring.object.cmi5_created'
                      : saved.kind === 'lti'
                        ? 'authoring.object.lti_created'
                        : 'authoring.object.scorm_created',
                ),
              });
            } else {
              showToast({ kind: 'success', message: t('authoring.object.saved', { title: saved.title }) });
              onClose();
            }
          }}
          onCancel={onClose}
        />
      )}
    </ModalFrame>
  );
}

function ObjectEditor({
  courseId,
  sectionId,
  object,
  onSaved,
  onCancel,
}: {
  courseId: string;
  sectionId: string;
  object: LearningObject | null;
  onSaved: (object: LearningObject, created: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { features } = useSession();
  const randomQuizzes = hasFeature(features, FEATURES.randomQuizzes);
  const groupAssignments = hasFeature(features, FEATURES.groupAssignments);
  const quizImport = hasFeature(features, FEATURES.quizImport);
  const save = useSaveLearningObject(courseId);
  const [values, setValues] = useState<ObjectValues>(() => valuesFrom(object, 'page'));
  const { form, errors, clear, clearField, showFieldErrors, showFailure } = useFormErrors(FIELDS);

  const set = <K extends keyof ObjectValues>(name: K, value: ObjectValues[K], errorField: string = name) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearField(errorField);
  };

  const settingsFor = (kind: LearningObjectType): Record<string, unknown> | undefined => {
    if (kind === 'quiz') {
      return {
        passMark: numberOrNull(values.passMark) ?? QUIZ_DEFAULT_PASS_MARK,
        attemptsLimit: numberOrNull(values.attemptsLimit),
        timeLimitMinutes: numberOrNull(values.timeLimitMinutes),
        ...(randomQuizzes ? { questionsPerAttempt: numberOrNull(values.questionsPerAttempt) } : {}),
      };
    }
    if (kind === 'assignment') {
      return {
        answerType: values.answerType,
        ...(groupAssignments ? { groupSubmission: values.groupSubmission } : {}),
      };
    }
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (values.title.trim() === '') local.title = t('authoring.object.title_required');
    if (values.kind === 'video' && values.videoUrl.trim() === '')
      local.videoUrl = t('authoring.object.video_required');
    if (values.kind === 'file' && !values.file) local.file = t('authoring.object.file_required');
    if (Object.keys(local).length > 0) {
      showFieldErrors(local);
      return;
    }
    const input: LearningObjectInput = {
      kind: values.kind,
      title: values.title,
      required: values.required,
      estimatedMinutes: numberOrNull(values.estimatedMinutes),
      body: values.body,
      ...(values.kind === 'video' ? { videoUrl: values.videoUrl.trim() } : {}),
      ...(values.kind === 'file' ? { file: values.file ? { type: 'files', id: values.file.id } : null } : {}),
      ...(settingsFor(values.kind) ? { settings: settingsFor(values.kind) } : {}),
    };
    clear();
    try {
      const saved = await save.mutateAsync({ sectionId, objectId: object?.id ?? null, input });
      onSaved(saved, object === null);
    } catch (failure) {
      showFailure(failure);
    }
  };

  const embed = values.kind === 'video' ? videoEmbed(values.videoUrl) : null;
  const bodyLabel = {
    page: t('authoring.object.body_page'),
    video: t('authoring.object.body_intro'),
    file: t('authoring.object.body_intro'),
    quiz: t('authoring.object.body_intro'),
    assignment: t('authoring.object.body_instructions'),
    scorm: t('authoring.object.body_intro'),
    cmi5: t('authoring.object.body_intro'),
    lti: t('authoring.object.body_intro'),
  }[values.kind];

  return (
    <div className="flex flex-col gap-8">
      <Form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="object-form">
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        {object === null ? (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('authoring.object.type')}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {LEARNING_OBJECT_TYPES.map((kind) => (
                <label
                  key={kind}
                  className={`flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border p-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
                    values.kind === kind
                      ? 'border-primary bg-primary-soft text-slate-900'
                      : 'border-slate-200 text-slate-700'
                  }`}
                >
                  <input
                    type="radio"
                    name="object-type"
                    value={kind}
                    checked={values.kind === kind}
                    onChange={() => set('kind', kind, 'kind')}
                    className="sr-only"
                  />
                  <ObjectTypeIcon kind={kind} />
                  {t(`authoring.object_types.${kind}`)}
                </label>
              ))}
            </div>
            <FieldError>{errors.fields.kind}</FieldError>
          </fieldset>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <ObjectTypeIcon kind={values.kind} />
            {t(`authoring.object_types.${values.kind}`)}
          </p>
        )}

        <TextField
          {...fieldProps(errors, 'title', values.title, (value) => set('title', value))}
          data-field="title"
          label={t('authoring.object.title')}
          maxLength={200}
          required
        />

        {values.kind === 'video' && (
          <TextField
            {...fieldProps(errors, 'videoUrl', values.videoUrl, (value) => set('videoUrl', value))}
            data-field="videoUrl"
            type="url"
            label={t('authoring.object.video_url')}
            placeholder="https://www.youtube.com/watch?v=…"
            hint={
              embed
                ? t('authoring.object.video_recognised', {
                    provider: t(`authoring.video_providers.${embed.provider}`),
                  })
                : t('authoring.object.video_hint')
            }
          />
        )}

        {values.kind === 'file' && (
          <FileUpload
            label={t('authoring.object.file')}
            field="file"
            current={values.file}
            error={errors.fields.file || undefined}
            onUploaded={(file) =>
              set('file', { id: file.id, name: file.name, byteSize: file.byteSize, url: file.url }, 'file')
            }
          />
        )}

        <RichTextEditor
          label={bodyLabel}
          value={values.body}
          onChange={(html) => set('body', html)}
          error={errors.fields.body || undefined}
          field="body"
        />

        {values.kind === 'quiz' && (
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField
              label={t('authoring.quiz.pass_mark')}
              field="settings.passMark"
              min={0}
              max={100}
              value={values.passMark}
              onValueChange={(value) => set('passMark', value, 'settings.passMark')}
              error={errors.fields['settings.passMark'] || undefined}
              hint={t('authoring.quiz.pass_mark_hint')}
            />
            <NumberField
              label={t('authoring.quiz.attempts_limit')}
              field="settings.attemptsLimit"
              min={1}
              max={100}
              value={values.attemptsLimit}
              onValueChange={(value) => set('attemptsLimit', value, 'settings.attemptsLimit')}
              error={errors.fields['settings.attemptsLimit'] || undefined}
              hint={t('authoring.quiz.attempts_limit_hint')}
            />
            {randomQuizzes && (
              <NumberField
                label={t('authoring.quiz.questions_per_attempt')}
                field="settings.questionsPerAttempt"
                min={1}
                value={values.questionsPerAttempt}
                onValueChange={(value) => set('questionsPerAttempt', value, 'settings.questionsPerAttempt')}
                error={errors.fields['settings.questionsPerAttempt'] || undefined}
                hint={t('authoring.quiz.questions_per_attempt_hint')}
              />
            )}
            <NumberField
              label={t('authoring.quiz.time_limit')}
              field="settings.timeLimitMinutes"
              min={1}
              max={QUIZ_MAX_TIME_LIMIT_MINUTES}
              value={values.timeLimitMinutes}
              onValueChange={(value) => set('timeLimitMinutes', value, 'settings.timeLimitMinutes')}
              error={errors.fields['settings.timeLimitMinutes'] || undefined}
              hint={t('authoring.quiz.time_limit_hint')}
            />
          </div>
        )}

        {values.kind === 'assignment' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('authoring.assignment.answer_type')}
              field="settings.answerType"
              value={values.answerType}
              onValueChange={(value) =>
                set('answerType', value as AssignmentAnswerType, 'settings.answerType')
              }
              error={errors.fields['settings.answerType'] || undefined}
              options={ASSIGNMENT_ANSWER_TYPES.map((type) => ({
                value: type,
                label: t(`authoring.assignment.answer_types.${type}`),
              }))}
            />
            {groupAssignments && (
              <div className="flex flex-col justify-center">
                <CheckboxField
                  label={t('authoring.assignment.group_submission')}
                  hint={t('authoring.assignment.group_submission_hint')}
                  field="settings.groupSubmission"
                  checked={values.groupSubmission}
                  onCheckedChange={(checked) => set('groupSubmission', checked, 'settings.groupSubmission')}
                />
                <FieldError>{errors.fields['settings.groupSubmission']}</FieldError>
              </div>
            )}
          </div>
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            label={t('authoring.object.estimated_minutes')}
            field="estimatedMinutes"
            min={0}
            value={values.estimatedMinutes}
            onValueChange={(value) => set('estimatedMinutes', value)}
            error={errors.fields.estimatedMinutes || undefined}
          />
          <div className="flex flex-col justify-center">
            <CheckboxField
              label={t('authoring.object.required')}
              hint={t('authoring.object.required_hint')}
              field="required"
              checked={values.required}
              onCheckedChange={(checked) => set('required', checked)}
            />
          </div>
        </div>

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onCancel}>
            {object ? t('actions.close') : t('authoring.actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="save-object">
            {object ? t('authoring.object.save') : t('authoring.object.add')}
          </Button>
        </div>
      </Form>

      {object?.kind === 'scorm' && <ScormPackageUpload objectId={object.id} />}
      {object?.kind === 'cmi5' && <Cmi5CourseImport objectId={object.id} />}
      {object?.kind === 'lti' && <LtiLinkEditor objectId={object.id} />}

      {object?.kind === 'quiz' && (
        <>
          <QuestionPool objectId={object.id} />
          {quizImport && <QuizImport objectId={object.id} />}
        </>
      )}
    </div>
  );
}
