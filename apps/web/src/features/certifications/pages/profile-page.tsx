/**
 * /profile: the student sets a profile photo and edits their headline, bio, public handle and whether
 * the profile is public.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '@leerpad/core';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FileUpload } from '../../../components/file-upload';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { formatBytes } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import {
  ownProfileQuery,
  useSaveProfile,
  useSetAvatar,
  type OwnProfile,
} from '../../../lib/resources/portfolio';
import { usePageTitle } from '../../../lib/use-page-title';
import { Form } from '../../../components/form/form';

function Check({
  label,
  hint,
  checked,
  onChange,
  name,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        className="mt-1 size-5"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The profile photo: upload an image (through the one upload path and quota), see it, remove it. */
function AvatarEditor({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation();
  const setAvatar = useSetAvatar();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const choose = (fileId: string | null) => {
    setError(undefined);
    setStatus(null);
    setAvatar.mutate(fileId, {
      onSuccess: () =>
        setStatus(t(fileId ? 'portfolio.profile.photo_saved' : 'portfolio.profile.photo_removed')),
      onError: (failure) => {
        const { fields, general } = formErrorsFrom(failure, ['file'], t('portfolio.profile.photo_failed'));
        setError(fields.file ?? general[0]);
      },
    });
  };
  return (
    <section
      aria-labelledby="profile-photo-heading"
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-start"
      data-testid="avatar-editor"
    >
      <Avatar name={profile.fullName} url={profile.avatarUrl} size="large" indicator={false} />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <h2 id="profile-photo-heading" className="text-lg font-semibold text-slate-900">
            {t('portfolio.profile.photo_title')}
          </h2>
          <p className="text-sm text-slate-600">
            {t('portfolio.profile.photo_hint', { size: formatBytes(AVATAR_MAX_BYTES, i18n.language) })}
          </p>
        </div>
        <FileUpload
          label={
            profile.avatarUrl ? t('portfolio.profile.photo_replace') : t('portfolio.profile.photo_upload')
          }
          accept={AVATAR_CONTENT_TYPES.join(',')}
          maxBytes={AVATAR_MAX_BYTES}
          field="file"
          error={error}
          disabled={setAvatar.isPending}
          onUploadingChange={setUploading}
          onUploaded={(file) => choose(file.id)}
        />
        {profile.avatarUrl && (
          <div>
            <Button
              variant="secondary"
              onClick={() => choose(null)}
              disabled={setAvatar.isPending || uploading}
              data-testid="remove-avatar"
            >
              {t('portfolio.profile.photo_remove')}
            </Button>
          </div>
        )}
        <div aria-live="polite">{status && <FormMessage kind="success">{status}</FormMessage>}</div>
      </div>
    </section>
  );
}

function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const [headline, setHeadline] = useState(profile.headline ?? '');
  const [biography, setBiography] = useState(profile.biography ?? '');
  const [handle, setHandle] = useState(profile.handle ?? '');
  const [isPublic, setIsPublic] = useState(profile.isPublic);
  const [indexable, setIndexable] = useState(profile.indexable);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    setSaved(false);
    save.mutate(
      {
        headline: headline.trim() || null,
        biography: biography.trim() || null,
        handle: handle.trim() || null,
        isPublic,
        indexable,
      },
      {
        onSuccess: () => setSaved(true),
        onError: (error) =>
          setErrors(
            formErrorsFrom(error, ['headline', 'biography', 'handle'], t('portfolio.profile.failed')),
          ),
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="profile-form"
    >
      <TextField
        {...fieldProps(errors, 'headline', headline, setHeadline)}
        label={t('portfolio.profile.headline')}
        maxLength={160}
      />
      <TextAreaField
        {...fieldProps(errors, 'biography', biography, setBiography)}
        label={t('portfolio.profile.biography')}
        maxLength={2000}
        rows={4}
      />
      <TextField
        {...fieldProps(errors, 'handle', handle, (value) => setHandle(value.toLowerCase()))}
        label={t('portfolio.profile.handle')}
        hint={t('portfolio.profile.handle_hint')}
        autoCapitalize="none"
        spellCheck={false}
      />
      <Check
        name="is_public"
        label={t('portfolio.profile.public')}
        hint={t('portfolio.profile.public_hint')}
        checked={isPublic}
        onChange={setIsPublic}
      />
      <Check
        name="indexable"
        label={t('portfolio.profile.indexable')}
        hint={t('portfolio.profile.indexable_hint')}
        checked={indexable}
        onChange={setIndexable}
      />
      {errors.general.map((text) => (
        <FormMessage key={text} kind="error">
          {text}
        </FormMessage>
      ))}
      {saved && <FormMessage kind="success">{t('portfolio.profile.saved')}</FormMessage>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('portfolio.profile.save')}
        </Button>
      </div>
    </Form>
  );
}

export function ProfilePage() {
  useNamespace('portfolio');
  const { t } = useTranslation();
  usePageTitle(t('portfolio.profile.title'));
  const profile = useQuery(ownProfileQuery);
  return (
    <div data-testid="profile-page" className="max-w-3xl">
      <PageHeader title={t('portfolio.profile.title')} description={t('portfolio.profile.description')} />
      {profile.isPending ? (
        <Loading />
      ) : profile.isError ? (
        <ErrorBlock kind={errorKindOf(profile.error)} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          {profile.data.isPublic && profile.data.handle && (
            <p className="mb-4 text-sm text-slate-700" data-testid="public-profile-link">
              {t('portfolio.profile.public_at')}{' '}
              <Link to={`/profiles/${profile.data.handle}`} className="text-primary-text underline">
                {profile.data.publicUrl}
              </Link>
            </p>
          )}
          <AvatarEditor profile={profile.data} />
          <ProfileForm profile={profile.data} />
        </>
      )}
    </div>
  );
}
