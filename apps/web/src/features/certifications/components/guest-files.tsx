/** The files of an item for a guest (the /rate link, a public profile): open in place or download. */
import { formatBytes } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { GuestFile } from '../../../lib/resources/portfolio';

export function GuestFiles({ files, testId }: { files: GuestFile[]; testId?: string }) {
  const { t, i18n } = useTranslation();
  if (files.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-slate-800">{t('portfolio.guest_files.heading')}</p>
      <ul className="mt-1 flex flex-col gap-1 text-sm" data-testid={testId}>
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-baseline gap-x-3">
            <a href={file.url} target="_blank" rel="noreferrer" className="text-primary-text underline">
              {file.name}
            </a>
            <span className="text-slate-600">{formatBytes(file.size, i18n.language)}</span>
            <a
              href={`${file.url}?download=1`}
              download={file.name}
              className="text-primary-text underline"
              aria-label={t('portfolio.guest_files.download_label', { name: file.name })}
            >
              {t('portfolio.guest_files.download')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
