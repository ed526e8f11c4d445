/** File: what it is, open and download buttons, and a preview for images and PDFs. */
import { useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/button';
import { ExternalIcon } from '../../../components/icons-ui';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import { formatBytes } from '../../../lib/format';
import { FileIcon } from '../../../components/learning-object-icons';
import { useNarrowScreen } from '../../../lib/use-media-query';

export function FilePlayer({ learningObject }: { learningObject: LearningObject }) {
  const { t, i18n } = useTranslation();
  const narrow = useNarrowScreen();
  const [previewAsked, setPreviewAsked] = useState(false);
  const previewId = useId();
  const file = learningObject.file;
  if (!file) return <p className="text-slate-600">{t('learning.file.unavailable')}</p>;
  const separator = file.url.includes('?') ? '&' : '?';
  const isImage = file.contentType.startsWith('image/');
  const isPdf = file.contentType === 'application/pdf';

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
          <FileIcon size={24} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900" data-testid="file-name">
            {file.name}
          </p>
          <p className="text-sm text-slate-600">{formatBytes(file.byteSize, i18n.language)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={file.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary')}
            aria-label={t('learning.file.open_label', { name: file.name })}
          >
            <ExternalIcon size={16} />
            {t('learning.file.open')}
          </a>
          <a
            href={`${file.url}${separator}download=1`}
            download={file.name}
            className={buttonClasses('primary')}
            aria-label={t('learning.file.download_label', { name: file.name })}
          >
            <FileIcon size={16} />
            {t('learning.file.download')}
          </a>
        </div>
      </div>
      {isImage && (
        <img
          src={file.url}
          alt={learningObject.title}
          className="max-h-[70vh] rounded-xl border border-slate-200"
        />
      )}
      {isPdf && narrow && (
        // On a phone the PDF viewer is only loaded when asked for: it downloads the whole file and
        // keeps a slow phone busy for a second or more (docs/decisions/078).
        <Button
          variant="secondary"
          className="self-start"
          aria-expanded={previewAsked}
          aria-controls={previewAsked ? previewId : undefined}
          onClick={() => setPreviewAsked((asked) => !asked)}
        >
          {t(previewAsked ? 'learning.file.hide_preview' : 'learning.file.show_preview')}
        </Button>
      )}
      {isPdf && (!narrow || previewAsked) && (
        <iframe
          id={previewId}
          src={file.url}
          title={t('learning.file.preview_label', { name: file.name })}
          className="h-[70vh] w-full rounded-xl border border-slate-200 bg-slate-50"
          data-testid="file-preview"
        />
      )}
    </div>
  );
}
