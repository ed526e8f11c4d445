/**
 * The tool of an LTI learning object (decision 070): which of the portal's active tools it launches,
 * and optionally the address within the tool. Objects added from a tool (deep linking) come with it.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FieldShell, FormMessage, TextField } from '../../../components/form/fields';
import { Form } from '../../../components/form/form';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { useTranslation } from '../../../lib/i18n/i18n';
import { ltiLinkQuery, ltiToolsQuery, useSaveLtiLink } from '../../../lib/resources/lti';
import { showToast } from '../../../lib/toasts/toasts';

export function LtiLinkEditor({ objectId }: { objectId: string }) {
  const { t } = useTranslation();
  const tools = useQuery(ltiToolsQuery);
  const link = useQuery(ltiLinkQuery(objectId));
  if (tools.isPending || link.isPending) return <Loading />;
  return (
    <LinkForm
      objectId={objectId}
      tools={(tools.data ?? []).filter((tool) => tool.status === 'active')}
      initialTool={link.data?.toolId ?? ''}
      initialUrl={link.data?.url ?? ''}
      heading={t('authoring.lti.title')}
    />
  );
}

function LinkForm({
  objectId,
  tools,
  initialTool,
  initialUrl,
  heading,
}: {
  objectId: string;
  tools: Array<{ id: string; name: string }>;
  initialTool: string;
  initialUrl: string;
  heading: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveLtiLink(objectId);
  const [tool, setTool] = useState(initialTool);
  const [url, setUrl] = useState(initialUrl);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tool) {
      setErrors({ fields: { tool: t('authoring.lti.tool_required') }, general: [] });
      return;
    }
    save.mutate(
      { tool, url: url.trim() || null },
      {
        onSuccess: () => {
          setErrors(NO_ERRORS);
          showToast({ kind: 'success', message: t('authoring.lti.saved') });
        },
        onError: (error) => setErrors(formErrorsFrom(error, ['tool', 'url'], t('authoring.lti.save_failed'))),
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {heading}
      </h3>
      {tools.length === 0 ? (
        <p className="text-sm text-slate-600">{t('authoring.lti.no_tools')}</p>
      ) : (
        <Form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="lti-link-form">
          {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
          <FieldShell id={`${id}-tool`} label={t('authoring.lti.tool')} error={errors.fields.tool}>
            <select
              id={`${id}-tool`}
              name="tool"
              value={tool}
              onChange={(event) => setTool(event.target.value)}
              aria-invalid={errors.fields.tool ? true : undefined}
              aria-describedby={errors.fields.tool ? `${id}-tool-error` : undefined}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
            >
              <option value="">{t('authoring.lti.choose_tool')}</option>
              {tools.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </FieldShell>
          <TextField
            name="url"
            label={t('authoring.lti.url')}
            hint={t('authoring.lti.url_hint')}
            value={url}
            onValueChange={setUrl}
            error={errors.fields.url}
            type="url"
          />
          <div>
            <Button type="submit" loading={save.isPending}>
              {t('authoring.lti.save')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
