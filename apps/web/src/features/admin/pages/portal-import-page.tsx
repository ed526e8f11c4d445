/**
 * /admin/portals/import: platform staff load a portal export (a zip from this or another
 * installation) as a new portal, with its own domains; the upload shows its progress and the
 * answer names the new portal and where it is served.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FieldShell, FormMessage, TextField, describedByOf } from '../../../components/form/fields';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { importPortal, type PortalImport } from '../../../lib/resources/portal-transfer';
import { usePageTitle } from '../../../lib/use-page-title';

const FIELDS = ['file', 'domains', 'name'];

/** The field a server error points at: `/file`, `/domains/1`, `/name`. */
function fieldOf(pointer: string | undefined): string | null {
  const first = pointer?.split('/')[1];
  return first && FIELDS.includes(first) ? first : null;
}

export function PortalImportPage() {
  useNamespace('portal_transfer');
  const { t } = useTranslation();
  usePageTitle(t('portal_transfer.import.title'));
  const [file, setFile] = useState<File | null>(null);
  const [domains, setDomains] = useState('');
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const [result, setResult] = useState<PortalImport | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!file) {
      setErrors({ fields: { file: t('portal_transfer.import.file_missing') }, general: [] });
      return;
    }
    setErrors({ fields: {}, general: [] });
    setProgress(0);
    try {
      setResult(await importPortal(file, { domains, name }, setProgress));
    } catch (error) {
      setErrors(formErrorsFrom(error, (item) => fieldOf(item.source?.pointer), t('forms.default_error')));
    } finally {
      setProgress(null);
    }
  }

  const fileId = 'portal-import-file';
  const uploading = progress !== null;
  const address = result?.domains[0]
    ? `${window.location.protocol}//${result.domains[0]}${window.location.port ? `:${window.location.port}` : ''}/`
    : null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title={t('portal_transfer.import.title')}
        description={t('portal_transfer.import.description')}
      />
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <FieldShell
          id={fileId}
          label={t('portal_transfer.import.file')}
          error={errors.fields.file}
          hint={t('portal_transfer.import.file_hint')}
        >
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".zip,application/zip"
            aria-invalid={errors.fields.file ? true : undefined}
            aria-describedby={describedByOf(
              fileId,
              errors.fields.file,
              t('portal_transfer.import.file_hint'),
            )}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </FieldShell>
        <TextField
          name="domains"
          label={t('portal_transfer.import.domains')}
          hint={t('portal_transfer.import.domains_hint')}
          value={domains}
          onValueChange={setDomains}
          error={errors.fields.domains}
          autoComplete="off"
        />
        <TextField
          name="name"
          label={t('portal_transfer.import.name')}
          hint={t('portal_transfer.import.name_hint')}
          value={name}
          onValueChange={setName}
          error={errors.fields.name}
          autoComplete="off"
        />
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join(' ')}</FormMessage>}
        {uploading && (
          <div className="flex flex-col gap-1" aria-live="polite">
            <progress
              className="h-3 w-full"
              max={100}
              value={progress}
              aria-label={t('portal_transfer.import.progress_label')}
            />
            <p className="text-sm">
              {progress < 100
                ? t('portal_transfer.import.uploading', { percent: progress })
                : t('portal_transfer.import.loading')}
            </p>
          </div>
        )}
        <div>
          <Button type="submit" loading={uploading}>
            {t('portal_transfer.import.submit')}
          </Button>
        </div>
      </form>
      {result && (
        <Panel title={t('portal_transfer.import.done_title')} testId="portal-import-result">
          <div role="status" className="flex flex-col gap-2 text-sm">
            <p>
              {t('portal_transfer.import.done', {
                name: result.name,
                rows: Object.values(result.counts).reduce((sum, count) => sum + count, 0),
                files: result.files,
              })}
            </p>
            {address && (
              <p>
                <a className="font-medium text-primary underline" href={address}>
                  {t('portal_transfer.import.open', { name: result.name, domain: result.domains[0] })}
                </a>
              </p>
            )}
          </div>
        </Panel>
      )}
    </div>
  );
}
