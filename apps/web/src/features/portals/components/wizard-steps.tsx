/**
 * The steps of the new-portal wizard, as a list: each names its fields (so a server error on one of
 * them brings the wizard back to that step), checks them before "Next", and renders its body. Another
 * step is one more entry in PORTAL_WIZARD_STEPS. The colours are checked with the branding page's
 * own contrast check; the logo is uploaded right after the portal is created (decision 067).
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  BRANDING_LIMITS,
  BUSINESS_MODELS,
  HEX_COLOUR,
  LANGUAGES,
  parseColour,
  THEME_FALLBACK_COLOUR,
  themeContrastProblems,
  toHex,
} from '@leerpad/core';
import { Button } from '../../../components/button';
import { ColourField, ContrastWarnings } from '../../../components/form/colour-field';
import { SelectField } from '../../../components/form/controls';
import { FieldError, TextAreaField, TextField } from '../../../components/form/fields';
import type { NewPortal } from '../../../lib/resources/portals';

export interface WizardValues {
  name: string;
  primaryDomain: string;
  /** One per line. */
  extraDomains: string;
  languages: string[];
  primaryLanguage: string;
  businessModels: string[];
  sellerName: string;
  sellerAddress: string;
  sellerCountry: string;
  sellerVatId: string;
  sellerEmail: string;
  adminName: string;
  adminEmail: string;
  /** #rrggbb, or empty for the default colour. */
  primaryColor: string;
  secondaryColor: string;
  /** Uploaded once the portal exists. */
  logo: File | null;
}

export const EMPTY_WIZARD: WizardValues = {
  name: '',
  primaryDomain: '',
  extraDomains: '',
  languages: ['nl'],
  primaryLanguage: 'nl',
  businessModels: [],
  sellerName: '',
  sellerAddress: '',
  sellerCountry: 'NL',
  sellerVatId: '',
  sellerEmail: '',
  adminName: '',
  adminEmail: '',
  primaryColor: '',
  secondaryColor: '',
  logo: null,
};

/** The colours a portal without its own is drawn in (lib/portal/theme.ts), as #rrggbb. */
const fallbackPrimary = parseColour(THEME_FALLBACK_COLOUR);
const DEFAULT_PRIMARY = fallbackPrimary ? toHex(fallbackPrimary) : '#7148e5';
const DEFAULT_SECONDARY = '#212529';

/** The logo types the server takes (PUT /v1/portals/{portal}/logo). */
export const LOGO_TYPES = ['image/png', 'image/svg+xml'];

export type WizardErrors = Partial<Record<keyof WizardValues, string>>;

export interface StepProps {
  values: WizardValues;
  errors: WizardErrors;
  set: <K extends keyof WizardValues>(name: K, value: WizardValues[K]) => void;
  t: (key: string, options?: Record<string, unknown>) => string;
}

export interface WizardStep {
  id: string;
  /** Key of the step's title under portals.wizard.steps. */
  titleKey: string;
  fields: Array<keyof WizardValues>;
  /** Problems to fix before leaving the step (keys of portals.wizard.*). */
  check: (values: WizardValues) => WizardErrors;
  Body: (props: StepProps) => ReactNode;
}

const extraDomainsOf = (values: WizardValues) =>
  values.extraDomains
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);

/** What the wizard sends: the primary address first, then the others. */
export function newPortalFrom(values: WizardValues): NewPortal {
  return {
    name: values.name.trim(),
    domains: [values.primaryDomain.trim(), ...extraDomainsOf(values)],
    languages: values.languages,
    primaryLanguage: values.primaryLanguage,
    businessModels: values.businessModels,
    seller: {
      name: values.sellerName.trim(),
      address: values.sellerAddress.trim(),
      country: values.sellerCountry.trim(),
      vatId: values.sellerVatId.trim() || null,
      email: values.sellerEmail.trim() || null,
    },
    firstAdmin: { email: values.adminEmail.trim(), fullName: values.adminName.trim() },
    ...(values.primaryColor.trim() || values.secondaryColor.trim()
      ? {
          theme: {
            primaryColor: values.primaryColor.trim() || null,
            secondaryColor: values.secondaryColor.trim() || null,
          },
        }
      : {}),
  };
}

/** The wizard field a server error path names ('domains.2', 'seller.country', 'firstAdmin.email'). */
export function wizardFieldOf(path: string | null): keyof WizardValues | null {
  if (!path) return null;
  if (path === 'domains.0' || path === 'domains') return 'primaryDomain';
  if (path.startsWith('domains.')) return 'extraDomains';
  const fields: Record<string, keyof WizardValues> = {
    name: 'name',
    languages: 'languages',
    primaryLanguage: 'primaryLanguage',
    businessModels: 'businessModels',
    'seller.name': 'sellerName',
    'seller.address': 'sellerAddress',
    'seller.country': 'sellerCountry',
    'seller.vatId': 'sellerVatId',
    'seller.email': 'sellerEmail',
    'firstAdmin.email': 'adminEmail',
    'firstAdmin.fullName': 'adminName',
    'theme.primaryColor': 'primaryColor',
    'theme.secondaryColor': 'secondaryColor',
  };
  return fields[path.replace(/\.\d+$/, '')] ?? null;
}

const required = (value: string) => (value.trim() === '' ? 'required' : undefined);

/** An optional colour: empty, or #rrggbb. */
const colourFormat = (value: string) =>
  value.trim() === '' || HEX_COLOUR.test(value.trim()) ? undefined : 'colour_format';

function checkLogo(logo: File | null) {
  if (!logo) return undefined;
  if (!LOGO_TYPES.includes(logo.type)) return 'logo_type';
  return logo.size > BRANDING_LIMITS.logo.maxBytes ? 'logo_too_large' : undefined;
}

/** A chosen (not yet uploaded) image file, shown as a data: address (the page's CSP takes no blob:). */
function LocalImage({ file, alt, className }: { file: File; alt: string; className: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setUrl(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
      reader.abort();
    };
  }, [file]);
  return url ? <img src={url} alt={alt} className={className} data-testid="wizard-logo-preview" /> : null;
}

function Swatch({ colour, none }: { colour: string; none: string }) {
  if (!colour) return <>{none}</>;
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="inline-block size-5 rounded border border-slate-300"
        style={{ backgroundColor: colour }}
      />
      <span className="font-mono">{colour.toLowerCase()}</span>
    </span>
  );
}

function LogoField({ values, errors, set, t }: StepProps) {
  const id = useId();
  const limits = BRANDING_LIMITS.logo;
  const error = errors.logo;
  return (
    <div className="flex flex-col gap-2" data-field="logo">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('portals.wizard.logo')}
      </label>
      {values.logo && (
        <div className="flex h-20 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 p-2">
          <LocalImage
            file={values.logo}
            alt={t('portals.wizard.logo_preview')}
            className="max-h-16 max-w-full object-contain"
          />
        </div>
      )}
      {values.logo && (
        <p className="text-sm text-slate-800" data-testid="wizard-logo-name">
          {t('portals.wizard.logo_chosen', { name: values.logo.name })}
        </p>
      )}
      <input
        id={id}
        type="file"
        name="logo"
        accept={LOGO_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (file) set('logo', file);
        }}
      />
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('portals.wizard.logo_hint', {
            width: limits.maxWidth,
            height: limits.maxHeight,
            kilobytes: Math.round(limits.maxBytes / 1000),
          })}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {values.logo && (
        <div>
          <Button variant="secondary" size="sm" onClick={() => set('logo', null)}>
            {t('portals.wizard.logo_remove')}
          </Button>
        </div>
      )}
    </div>
  );
}

function only(errors: Record<string, string | undefined>): WizardErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([, value]) => value !== undefined),
  ) as WizardErrors;
}

/** A group of checkboxes with a legend and one error for the group. */
function CheckboxGroup({
  legend,
  name,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  options: Array<{ value: string; label: string }>;
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      data-field={name}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="inline-flex items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            name={name}
            value={option.value}
            checked={chosen.includes(option.value)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, option.value]
                  : chosen.filter((value) => value !== option.value),
              )
            }
            className="size-4 rounded border-slate-400 accent-primary"
          />
          {option.label}
        </label>
      ))}
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}

function ReviewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export const PORTAL_WIZARD_STEPS: WizardStep[] = [
  {
    id: 'basics',
    titleKey: 'basics',
    fields: ['name', 'primaryDomain', 'extraDomains'],
    check: (values) => only({ name: required(values.name), primaryDomain: required(values.primaryDomain) }),
    Body: ({ values, errors, set, t }) => (
      <>
        <TextField
          name="name"
          label={t('portals.wizard.name')}
          value={values.name}
          onValueChange={(value) => set('name', value)}
          error={errors.name}
          autoComplete="organization"
        />
        <TextField
          name="primaryDomain"
          label={t('portals.wizard.primary_domain')}
          hint={t('portals.wizard.primary_domain_hint')}
          value={values.primaryDomain}
          onValueChange={(value) => set('primaryDomain', value)}
          error={errors.primaryDomain}
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextAreaField
          name="extraDomains"
          label={t('portals.wizard.extra_domains')}
          hint={t('portals.wizard.extra_domains_hint')}
          value={values.extraDomains}
          onValueChange={(value) => set('extraDomains', value)}
          error={errors.extraDomains}
          autoCapitalize="none"
          spellCheck={false}
        />
      </>
    ),
  },
  {
    id: 'languages',
    titleKey: 'languages',
    fields: ['languages', 'primaryLanguage'],
    check: (values) =>
      only({
        languages: values.languages.length === 0 ? 'choose_language' : undefined,
        primaryLanguage: values.languages.includes(values.primaryLanguage) ? undefined : 'required',
      }),
    Body: ({ values, errors, set, t }) => (
      <>
        <CheckboxGroup
          legend={t('portals.wizard.languages_legend')}
          name="languages"
          options={LANGUAGES.map((locale) => ({ value: locale, label: t(`portals.languages.${locale}`) }))}
          chosen={values.languages}
          onChange={(languages) => {
            set('languages', languages);
            if (!languages.includes(values.primaryLanguage) && languages[0])
              set('primaryLanguage', languages[0]);
          }}
          error={errors.languages}
        />
        <SelectField
          label={t('portals.wizard.primary_language')}
          hint={t('portals.wizard.primary_language_hint')}
          field="primaryLanguage"
          name="primaryLanguage"
          value={values.primaryLanguage}
          onValueChange={(value) => set('primaryLanguage', value)}
          error={errors.primaryLanguage}
          options={values.languages.map((locale) => ({
            value: locale,
            label: t(`portals.languages.${locale}`),
          }))}
        />
      </>
    ),
  },
  {
    id: 'business',
    titleKey: 'business',
    fields: ['businessModels', 'sellerName', 'sellerAddress', 'sellerCountry', 'sellerVatId', 'sellerEmail'],
    check: (values) =>
      only({
        businessModels: values.businessModels.length === 0 ? 'choose_model' : undefined,
        sellerName: required(values.sellerName),
        sellerCountry: /^[A-Za-z]{2}$/.test(values.sellerCountry.trim())
          ? undefined
          : 'seller_country_invalid',
      }),
    Body: ({ values, errors, set, t }) => (
      <>
        <CheckboxGroup
          legend={t('portals.wizard.models_legend')}
          name="businessModels"
          options={BUSINESS_MODELS.map((model) => ({ value: model, label: t(`portals.models.${model}`) }))}
          chosen={values.businessModels}
          onChange={(models) => set('businessModels', models)}
          error={errors.businessModels}
        />
        <TextField
          name="sellerName"
          label={t('portals.wizard.seller_name')}
          value={values.sellerName}
          onValueChange={(value) => set('sellerName', value)}
          error={errors.sellerName}
        />
        <TextAreaField
          name="sellerAddress"
          label={t('portals.wizard.seller_address')}
          value={values.sellerAddress}
          onValueChange={(value) => set('sellerAddress', value)}
          error={errors.sellerAddress}
        />
        <TextField
          name="sellerCountry"
          label={t('portals.wizard.seller_country')}
          hint={t('portals.wizard.seller_country_hint')}
          value={values.sellerCountry}
          onValueChange={(value) => set('sellerCountry', value)}
          error={errors.sellerCountry}
          maxLength={2}
        />
        <TextField
          name="sellerVatId"
          label={t('portals.wizard.seller_vat_id')}
          value={values.sellerVatId}
          onValueChange={(value) => set('sellerVatId', value)}
          error={errors.sellerVatId}
        />
        <TextField
          name="sellerEmail"
          type="email"
          label={t('portals.wizard.seller_email')}
          value={values.sellerEmail}
          onValueChange={(value) => set('sellerEmail', value)}
          error={errors.sellerEmail}
        />
      </>
    ),
  },
  {
    id: 'branding',
    titleKey: 'branding',
    fields: ['primaryColor', 'secondaryColor', 'logo'],
    check: (values) =>
      only({
        primaryColor:
          colourFormat(values.primaryColor) ??
          (themeContrastProblems({ primaryColor: values.primaryColor.trim() || null }).length > 0
            ? 'colour_contrast'
            : undefined),
        secondaryColor: colourFormat(values.secondaryColor),
        logo: checkLogo(values.logo),
      }),
    Body: (props) => {
      const { values, errors, set, t } = props;
      return (
        <>
          <p className="text-sm text-slate-600">{t('portals.wizard.branding_hint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <ColourField
              field="primaryColor"
              label={t('portals.wizard.primary_color')}
              hint={t('portals.wizard.primary_color_hint')}
              value={values.primaryColor}
              onChange={(value) => set('primaryColor', value)}
              error={errors.primaryColor}
              fallback={DEFAULT_PRIMARY}
            />
            <ColourField
              field="secondaryColor"
              label={t('portals.wizard.secondary_color')}
              hint={t('portals.wizard.secondary_color_hint')}
              value={values.secondaryColor}
              onChange={(value) => set('secondaryColor', value)}
              error={errors.secondaryColor}
              fallback={DEFAULT_SECONDARY}
            />
          </div>
          <ContrastWarnings primaryColor={values.primaryColor} />
          <LogoField {...props} />
        </>
      );
    },
  },
  {
    id: 'admin',
    titleKey: 'admin',
    fields: ['adminName', 'adminEmail'],
    check: (values) =>
      only({ adminName: required(values.adminName), adminEmail: required(values.adminEmail) }),
    Body: ({ values, errors, set, t }) => (
      <>
        <p className="text-sm text-slate-600">{t('portals.wizard.admin_hint')}</p>
        <TextField
          name="adminName"
          label={t('portals.wizard.admin_name')}
          value={values.adminName}
          onValueChange={(value) => set('adminName', value)}
          error={errors.adminName}
          autoComplete="off"
        />
        <TextField
          name="adminEmail"
          type="email"
          label={t('portals.wizard.admin_email')}
          value={values.adminEmail}
          onValueChange={(value) => set('adminEmail', value)}
          error={errors.adminEmail}
          autoComplete="off"
        />
      </>
    ),
  },
  {
    id: 'review',
    titleKey: 'review',
    fields: [],
    check: () => ({}),
    Body: ({ values, t }) => {
      const portal = newPortalFrom(values);
      const none = t('portals.wizard.none');
      return (
        <>
          <p className="text-slate-700">{t('portals.wizard.review_intro')}</p>
          <dl className="divide-y divide-slate-200" data-testid="portal-review">
            <ReviewRow label={t('portals.wizard.name')}>{portal.name}</ReviewRow>
            <ReviewRow label={t('portals.wizard.primary_domain')}>{portal.domains[0]}</ReviewRow>
            <ReviewRow label={t('portals.wizard.extra_domains')}>
              {portal.domains.slice(1).join(', ') || none}
            </ReviewRow>
            <ReviewRow label={t('portals.wizard.languages_legend')}>
              {portal.languages.map((locale) => t(`portals.languages.${locale}`)).join(', ')}
            </ReviewRow>
            <ReviewRow label={t('portals.wizard.primary_language')}>
              {t(`portals.languages.${portal.primaryLanguage}`)}
            </ReviewRow>
            <ReviewRow label={t('portals.wizard.models_legend')}>
              {portal.businessModels.map((model) => t(`portals.models.${model}`)).join(', ')}
            </ReviewRow>
            <ReviewRow label={t('portals.wizard.seller_name')}>
              {[portal.seller.name, portal.seller.address, portal.seller.country, portal.seller.vatId]
                .filter(Boolean)
                .join(' · ')}
            </ReviewRow>
            <ReviewRow label={t('portals.wizard.primary_color')}>
              <Swatch colour={values.primaryColor.trim()} none={t('portals.wizard.default_colour')} />
            </ReviewRow>
            <ReviewRow label={t('portals.wizard.secondary_color')}>
              <Swatch colour={values.secondaryColor.trim()} none={t('portals.wizard.default_colour')} />
            </ReviewRow>
            <ReviewRow label={t('portals.wizard.logo')}>
              {values.logo ? (
                <span className="inline-flex items-center gap-3">
                  <LocalImage
                    file={values.logo}
                    alt={t('portals.wizard.logo_preview')}
                    className="max-h-10 max-w-40 object-contain"
                  />
                  {values.logo.name}
                </span>
              ) : (
                none
              )}
            </ReviewRow>
            <ReviewRow label={t('portals.wizard.steps.admin')}>
              {portal.firstAdmin.fullName} &lt;{portal.firstAdmin.email}&gt;
            </ReviewRow>
          </dl>
        </>
      );
    },
  },
];
