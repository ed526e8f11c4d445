import { useTranslation } from '../lib/i18n/i18n';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('header.skip_to_content')}
    </a>
  );
}
