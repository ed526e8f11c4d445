/**
 * /admin/portals/new: the new-portal wizard (platform staff). One step at a time with a step
 * indicator, Back and Next; each step checks its own fields, and a refusal of the server (409 for an
 * address in use, 422 for a malformed one) brings the wizard back to the step of the first field it
 * names, with the message at that field. A chosen logo is uploaded as soon as the portal exists;
 * if that fails, the portal stays and the page says so (decision 067).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/button';
import { FormMessage } from '../../../components/form/fields';
import { fieldPathFromPointer } from '../../../components/form/row-errors';
import { registerForm } from '../../../components/form/unsaved-changes';
import { PageHeader } from '../../../components/page-header';
import { apiErrorText, isApiError } from '../../../lib/api/client';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { BRANDING_LIMITS } from '@leerpad/core';
import { contrastWarnings } from '../../../components/form/colour-field';
import { useCreatePortal, useUploadNewPortalLogo, type PortalRow } from '../../../lib/resources/portals';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  EMPTY_WIZARD,
  newPortalFrom,
  PORTAL_WIZARD_STEPS,
  wizardFieldOf,
  type WizardErrors,
  type WizardValues,
} from '../components/wizard-steps';

const focusField = (field: string) =>
  requestAnimationFrame(() => {
    document
      .querySelector<HTMLElement>(`[name="${field}"], [data-field="${field}"] input, [data-field="${field}"]`)
      ?.focus();
  });

export function PortalCreatePage() {
  useNamespace('portals');
  const { t } = useTranslation();
  usePageTitle(t('portals.wizard.title'));
  const steps = PORTAL_WIZARD_STEPS;
  const [stepIndex, setStepIndex] = useState(0);
  const [values, setValues] = useState<WizardValues>(EMPTY_WIZARD);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<PortalRow | null>(null);
  const create = useCreatePortal();
  const uploadLogo = useUploadNewPortalLogo();
  const [logoFailure, setLogoFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  /** A field to focus once the step that holds it shows (a server error on an earlier step). */
  const pendingField = useRef<string | null>(null);
  const step = steps[stepIndex]!;
  const last = stepIndex === steps.length - 1;

  // A wizard half filled in asks before it is left, like any form (decision 060); a created portal
  // has nothing left to lose.
  const unsaved = useRef(false);
  unsaved.current = created === null && JSON.stringify(values) !== JSON.stringify(EMPTY_WIZARD);
  useEffect(() => registerForm(() => unsaved.current), []);

  // Moving between steps puts focus on the new step's heading, so keyboard and screen-reader users
  // start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (pendingField.current) {
      focusField(pendingField.current);
      pendingField.current = null;
    } else headingRef.current?.focus();
  }, [stepIndex]);

  const set = <K extends keyof WizardValues>(name: K, value: WizardValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const translated = (problems: WizardErrors): WizardErrors => {
    const params = {
      // The first failing pair at the field; the list under the colours names them all.
      problems: contrastWarnings(values.primaryColor.trim())[0]?.text ?? '',
      kilobytes: Math.round(BRANDING_LIMITS.logo.maxBytes / 1000),
    };
    return Object.fromEntries(
      Object.entries(problems).map(([field, key]) => [field, t(`portals.wizard.${key}`, params)]),
    ) as WizardErrors;
  };

  const next = () => {
    const problems = step.check(values);
    if (Object.keys(problems).length > 0) {
      setErrors(translated(problems));
      focusField(Object.keys(problems)[0]!);
      return;
    }
    setStepIndex((index) => Math.min(index + 1, steps.length - 1));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!last) {
      next();
      return;
    }
    setFormError(null);
    const portal = newPortalFrom(values);
    let made: PortalRow;
    try {
      made = await create.mutateAsync(portal);
    } catch (error) {
      const fieldErrors: WizardErrors = {};
      const general: string[] = [];
      for (const item of isApiError(error) ? error.errors : []) {
        const path = fieldPathFromPointer(item.source?.pointer);
        const field = wizardFieldOf(path);
        const text = apiErrorText(item) ?? t('forms.default_error');
        if (!field) general.push(text);
        else if (field === 'extraDomains') {
          const domain = portal.domains[Number(path?.split('.')[1])];
          fieldErrors.extraDomains ??= domain ? `${domain}: ${text}` : text;
        } else fieldErrors[field] ??= text;
      }
      if (!isApiError(error)) general.push(t('forms.default_error'));
      setErrors(fieldErrors);
      setFormError(general.length > 0 ? general.join('\n') : null);
      const firstField = Object.keys(fieldErrors)[0] as keyof WizardValues | undefined;
      const at = firstField ? steps.findIndex((candidate) => candidate.fields.includes(firstField)) : -1;
      if (at >= 0 && at !== stepIndex) {
        pendingField.current = firstField!;
        setStepIndex(at);
      } else if (firstField) focusField(firstField);
      return;
    }
    if (values.logo) {
      try {
        await uploadLogo.mutateAsync({ portalId: made.id, file: values.logo });
      } catch (error) {
        const reason = (isApiError(error) ? apiErrorText(error.errors[0]) : null) ?? t('forms.default_error');
        setLogoFailure(t('portals.wizard.logo_failed', { reason }));
      }
    }
    setCreated(made);
  };

  if (created) {
    return (
      <div data-page="admin_portal_create" className="max-w-3xl">
        <PageHeader title={t('portals.wizard.created_title', { name: created.name })} />
        <div
          role="status"
          className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900"
        >
          <p>
            {t('portals.wizard.created_body')}{' '}
            {created.baseUrl && (
              <a className="font-medium underline" href={created.baseUrl} data-testid="new-portal-address">
                {created.baseUrl}
              </a>
            )}
          </p>
        </div>
        {logoFailure && (
          <div className="mt-4">
            <FormMessage kind="error">{logoFailure}</FormMessage>
          </div>
        )}
        <p className="mt-6">
          <Link
            to={`/admin/portals/${created.id}`}
            className={buttonClasses('primary')}
            data-testid="new-portal-detail"
          >
            {t('portals.wizard.open_detail')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div data-page="admin_portal_create" className="max-w-3xl">
      <PageHeader title={t('portals.wizard.title')} description={t('portals.wizard.description')} />
      <nav aria-label={t('portals.wizard.steps_label')} className="mb-6">
        <ol className="flex flex-wrap gap-2">
          {steps.map((candidate, index) => (
            <li
              key={candidate.id}
              aria-current={index === stepIndex ? 'step' : undefined}
              className={`flex items-center gap-2 rounded-full border px-3 py-1 text-sm ${
                index === stepIndex
                  ? 'border-primary bg-primary text-white'
                  : index < stepIndex
                    ? 'border-slate-300 bg-white text-slate-800'
                    : 'border-slate-200 bg-slate-50 text-slate-600'
              }`}
            >
              <span aria-hidden="true" className="font-semibold">
                {index + 1}
              </span>
              {t(`portals.wizard.steps.${candidate.titleKey}`)}
            </li>
          ))}
        </ol>
      </nav>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        data-testid={`wizard-step-${step.id}`}
      >
        <div>
          <p className="text-sm text-slate-600">
            {t('portals.wizard.step_of', { current: stepIndex + 1, total: steps.length })}
          </p>
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {t(`portals.wizard.steps.${step.titleKey}`)}
          </h2>
        </div>
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <step.Body values={values} errors={errors} set={set} t={t} />
        <div className="flex justify-between gap-2">
          <Button
            variant="secondary"
            onClick={() => setStepIndex((index) => Math.max(index - 1, 0))}
            disabled={stepIndex === 0}
          >
            {t('portals.wizard.back')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending || uploadLogo.isPending}
            data-testid={last ? 'create-portal' : 'wizard-next'}
          >
            {last ? t('portals.wizard.create') : t('portals.wizard.next')}
          </Button>
        </div>
      </form>
    </div>
  );
}
