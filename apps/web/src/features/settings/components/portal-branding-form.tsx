/**
 * A portal's branding and business model (decision 058): name, colours with a live preview and the
 * same WCAG AA check the server makes, support link, logo and favicon, and the business model with
 * what a switch means for the students enrolled now. Used on /admin/settings/portal for the
 * request's portal, and reusable for any portal id a platform operator may manage.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type CSSProperties, type FormEvent } from 'react';
import { BRANDING_LIMITS, BUSINESS_MODEL_CHOICES, HEX_COLOUR, type BusinessModelChoice } from '@leerpad/core';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { ColourField, ContrastWarnings } from '../../../components/form/colour-field';
import { FieldError, GeneralErrors, TextField } from '../../../components/form/fields';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { Logo } from '../../../components/logo';
import { useTranslation } from '../../../lib/i18n/i18n';
import { themeVariables } from '../../../lib/portal/theme';
import {
  businessModelImpactQuery,
  portalBrandingQuery,
  useBrandingAsset,
  useSavePortalBranding,
  type BrandingAssetName,
} from '../../../lib/resources/portals';
import type { Portal } from '../../../lib/session/types';
import { showToast } from '../../../lib/toasts/toasts';

const sectionClasses = 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
const FIELDS = [
  'name',
  'theme.primaryColor',
  'theme.secondaryColor',
  'information.knowledgeBaseUrl',
  'businessModels',
] as const;
const DEFAULT_PRIMARY = '#7148e5';
const DEFAULT_SECONDARY = '#212529';

/** The one choice the screen offers for a portal's stored list of models (flat_fee wins, as access does). */
export function businessModelChoiceOf(models: readonly string[] | null | undefined): BusinessModelChoice {
  const list = models ?? [];
  if (list.includes('flat_fee')) return 'flat_fee';
  if (list.includes('subscription')) return 'subscription';
  if (list.includes('in_plan')) return 'in_plan';
  return 'free';
}

const modelsOf = (choice: BusinessModelChoice) => (choice === 'free' ? [] : [choice]);

export function PortalBrandingForm({ portalId }: { portalId: string }) {
  const portal = useQuery(portalBrandingQuery(portalId));
  if (portal.isPending) return <Loading />;
  if (portal.isError)
    return (
      <ErrorBlock kind={errorKindOf(portal.error)} asPage={false} onRetry={() => void portal.refetch()} />
    );
  return <BrandingEditor key={portal.data.id} portal={portal.data} />;
}

function BrandingEditor({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const save = useSavePortalBranding(portal.id);
  const { form, errors, clearField, showFailure, showFieldErrors, clear } = useFormErrors(FIELDS);
  const [name, setName] = useState(portal.name);
  const [primaryColor, setPrimaryColor] = useState(portal.theme?.primaryColor ?? DEFAULT_PRIMARY);
  const [secondaryColor, setSecondaryColor] = useState(portal.theme?.secondaryColor ?? DEFAULT_SECONDARY);
  const [knowledgeBaseUrl, setKnowledgeBaseUrl] = useState(portal.information?.knowledgeBaseUrl ?? '');
  const savedChoice = businessModelChoiceOf(portal.businessModels);
  const [choice, setChoice] = useState<BusinessModelChoice>(savedChoice);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const missing: Record<string, string> = {};
    if (!name.trim()) missing.name = t('settings.branding.name_required');
    for (const [field, value] of [
      ['theme.primaryColor', primaryColor],
      ['theme.secondaryColor', secondaryColor],
    ] as const)
      if (!HEX_COLOUR.test(value)) missing[field] = t('settings.branding.colour_format');
    if (Object.keys(missing).length > 0) return showFieldErrors(missing);
    save.mutate(
      {
        name: name.trim(),
        theme: { primaryColor, secondaryColor },
        information: { knowledgeBaseUrl: knowledgeBaseUrl.trim() || null },
        ...(choice !== savedChoice ? { businessModels: modelsOf(choice) } : {}),
      },
      {
        onSuccess: () => showToast({ kind: 'success', message: t('settings.branding.saved') }),
        onError: showFailure,
      },
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <form
        ref={form}
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-8"
        data-testid="portal-branding-form"
      >
        <GeneralErrors messages={errors.general} />
        <section aria-labelledby="branding-identity" className={sectionClasses}>
          <h2 id="branding-identity" className="text-lg font-semibold text-slate-900">
            {t('settings.branding.identity_title')}
          </h2>
          <TextField
            name="name"
            data-field="name"
            label={t('settings.branding.name')}
            value={name}
            maxLength={120}
            onValueChange={(value) => {
              setName(value);
              clearField('name');
            }}
            error={errors.fields.name}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <ColourField
              field="theme.primaryColor"
              label={t('settings.branding.primary_color')}
              hint={t('settings.branding.primary_hint')}
              value={primaryColor}
              onChange={(value) => {
                setPrimaryColor(value);
                clearField('theme.primaryColor');
              }}
              error={errors.fields['theme.primaryColor']}
            />
            <ColourField
              field="theme.secondaryColor"
              label={t('settings.branding.secondary_color')}
              hint={t('settings.branding.secondary_hint')}
              value={secondaryColor}
              onChange={(value) => {
                setSecondaryColor(value);
                clearField('theme.secondaryColor');
              }}
              error={errors.fields['theme.secondaryColor']}
            />
          </div>
          <ContrastWarnings primaryColor={primaryColor} />
          <BrandingPreview
            name={name.trim() || portal.name}
            logoUrl={portal.theme?.logoUrl}
            primaryColor={HEX_COLOUR.test(primaryColor) ? primaryColor : null}
            secondaryColor={HEX_COLOUR.test(secondaryColor) ? secondaryColor : null}
          />
          <TextField
            name="knowledge_base_url"
            data-field="information.knowledgeBaseUrl"
            type="url"
            label={t('settings.branding.knowledge_base_url')}
            hint={t('settings.branding.knowledge_base_hint')}
            value={knowledgeBaseUrl}
            onValueChange={(value) => {
              setKnowledgeBaseUrl(value);
              clearField('information.knowledgeBaseUrl');
            }}
            error={errors.fields['information.knowledgeBaseUrl']}
          />
        </section>
        <BusinessModelSection
          portalId={portal.id}
          saved={savedChoice}
          choice={choice}
          onChoose={(next) => {
            setChoice(next);
            clearField('businessModels');
          }}
          error={errors.fields.businessModels}
        />
        <div>
          <Button type="submit" disabled={save.isPending} data-testid="save-branding">
            {t('settings.branding.save')}
          </Button>
        </div>
      </form>
      <section aria-labelledby="branding-images" className={sectionClasses}>
        <div>
          <h2 id="branding-images" className="text-lg font-semibold text-slate-900">
            {t('settings.branding.images_title')}
          </h2>
          <p className="text-sm text-slate-600">{t('settings.branding.images_description')}</p>
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <AssetUpload portal={portal} asset="logo" />
          <AssetUpload portal={portal} asset="favicon" />
        </div>
      </section>
    </div>
  );
}

/** The header, a button, a link and a label in the chosen colours, drawn as the app draws them. */
function BrandingPreview({
  name,
  logoUrl,
  primaryColor,
  secondaryColor,
}: {
  name: string;
  logoUrl: string | null | undefined;
  primaryColor: string | null;
  secondaryColor: string | null;
}) {
  const { t } = useTranslation();
  const variables = themeVariables({ primaryColor, secondaryColor }) as CSSProperties;
  return (
    <figure className="flex flex-col gap-2" data-testid="branding-preview">
      <figcaption className="text-sm font-medium text-slate-800">{t('settings.branding.preview')}</figcaption>
      <div style={variables} className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        <div className="flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4">
          <Logo logoUrl={logoUrl} portalName={name} />
          <span className="ml-auto rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-text">
            {t('settings.branding.preview_badge')}
          </span>
        </div>
        <div className="flex flex-col gap-3 p-4">
          <p
            className="border-l-4 pl-2 text-base font-semibold text-slate-900"
            style={{ borderColor: 'var(--portal-secondary)' }}
          >
            {t('settings.branding.preview_heading')}
          </p>
          <p className="text-sm text-slate-700">
            {t('settings.branding.preview_text')}{' '}
            <span className="font-medium text-primary-text underline">
              {t('settings.branding.preview_link')}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <span
              className="inline-flex h-10 items-center rounded-lg bg-primary px-4 text-sm font-semibold text-on-primary"
              data-testid="preview-button"
            >
              {t('settings.branding.preview_button')}
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}

function BusinessModelSection({
  portalId,
  saved,
  choice,
  onChoose,
  error,
}: {
  portalId: string;
  saved: BusinessModelChoice;
  choice: BusinessModelChoice;
  onChoose: (choice: BusinessModelChoice) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const impact = useQuery({
    ...businessModelImpactQuery(portalId, modelsOf(choice)),
    enabled: choice !== saved,
  });
  return (
    <section aria-labelledby="branding-model" className={sectionClasses}>
      <div>
        <h2 id="branding-model" className="text-lg font-semibold text-slate-900">
          {t('settings.branding.model_title')}
        </h2>
        <p className="text-sm text-slate-600">{t('settings.branding.model_description')}</p>
      </div>
      <fieldset data-field="businessModels" aria-describedby="branding-model-impact">
        <legend className="sr-only">{t('settings.branding.model_title')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {BUSINESS_MODEL_CHOICES.map((model) => (
            <label
              key={model}
              className={`flex cursor-pointer gap-3 rounded-xl border p-3 ${
                choice === model ? 'border-primary bg-primary-soft' : 'border-slate-300 bg-white'
              }`}
            >
              <input
                type="radio"
                name="business_model"
                value={model}
                checked={choice === model}
                onChange={() => onChoose(model)}
                className="mt-1"
              />
              <span>
                <span className="block font-medium text-slate-900">
                  {t(`settings.branding.models.${model}`)}
                </span>
                <span className="block text-sm text-slate-600">
                  {t(`settings.branding.models.${model}_description`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FieldError>{error}</FieldError>
      <div id="branding-model-impact" role="status" aria-live="polite" data-testid="model-impact">
        {choice !== saved &&
          (impact.isPending ? (
            <p className="text-sm text-slate-600">{t('settings.branding.impact_loading')}</p>
          ) : impact.isError ? (
            <p className="text-sm text-red-700">{t('settings.branding.impact_failed')}</p>
          ) : (
            <ImpactText impact={impact.data} />
          ))}
      </div>
    </section>
  );
}

function ImpactText({
  impact,
}: {
  impact: {
    enrolledStudents: number;
    withActiveSubscription: number;
    subscriptionRequiredNow: boolean;
    subscriptionRequiredAfter: boolean;
    studentsAskedToSubscribe: number;
    studentsRegainingAccess: number;
  };
}) {
  const { t } = useTranslation();
  const lines = [t('settings.branding.impact_kept', { count: impact.enrolledStudents })];
  if (impact.subscriptionRequiredAfter && !impact.subscriptionRequiredNow)
    lines.push(t('settings.branding.impact_asked', { count: impact.studentsAskedToSubscribe }));
  else if (!impact.subscriptionRequiredAfter && impact.subscriptionRequiredNow)
    lines.push(t('settings.branding.impact_regained', { count: impact.studentsRegainingAccess }));
  lines.push(
    impact.subscriptionRequiredAfter
      ? t('settings.branding.impact_new_need_subscription')
      : t('settings.branding.impact_new_free'),
  );
  return (
    <div className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-slate-900">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** Upload, preview and removal of the logo or favicon; the server's refusal shows at the control. */
function AssetUpload({ portal, asset }: { portal: Portal; asset: BrandingAssetName }) {
  const { t } = useTranslation();
  const id = useId();
  const { upload, remove } = useBrandingAsset(portal.id, asset);
  const [error, setError] = useState<string | undefined>();
  const current = asset === 'logo' ? portal.theme?.logoUrl : portal.theme?.faviconUrl;
  const limits = BRANDING_LIMITS[asset];
  useEffect(() => setError(undefined), [current]);
  const failed = (failure: unknown) =>
    setError(
      formErrorsFrom(failure, ['file'], t('settings.branding.upload_failed')).fields.file ??
        formErrorsFrom(failure, ['file'], t('settings.branding.upload_failed')).general[0],
    );
  return (
    <div className="flex flex-col gap-2" data-testid={`${asset}-upload`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t(`settings.branding.${asset}`)}
      </label>
      <div className="flex h-20 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 p-2">
        {current ? (
          <img
            src={current}
            alt={t(`settings.branding.${asset}_current`)}
            className={asset === 'logo' ? 'max-h-16 max-w-full object-contain' : 'size-8 object-contain'}
            data-testid={`${asset}-preview`}
          />
        ) : (
          <span className="text-sm text-slate-600">{t('settings.branding.none')}</span>
        )}
      </div>
      <input
        id={id}
        type="file"
        name={asset}
        accept={asset === 'favicon' ? 'image/png,image/svg+xml,image/x-icon,.ico' : 'image/png,image/svg+xml'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setError(undefined);
          upload.mutate(file, {
            onSuccess: () => showToast({ kind: 'success', message: t(`settings.branding.${asset}_saved`) }),
            onError: failed,
          });
        }}
      />
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t(`settings.branding.${asset}_hint`, {
            width: limits.maxWidth,
            height: limits.maxHeight,
            kilobytes: Math.round(limits.maxBytes / 1000),
          })}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {current && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onError: failed })}
          >
            {t(`settings.branding.${asset}_remove`)}
          </Button>
        </div>
      )}
    </div>
  );
}
