/** The support palette (SPEC §4) arrives in a later release; until then its button explains so. */
import { useTranslation } from '../../../lib/i18n/i18n';
import { Button } from '../../../components/button';
import { CommandIcon } from '../../../components/icons-ui';
import { ModalFrame } from '../../../components/modal';

export function SupportPaletteModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('support_palette.title')} onClose={onClose} size="sm">
      <div className="flex flex-col items-center gap-4 text-center" data-testid="support-palette">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-text">
          <CommandIcon size={24} />
        </span>
        <p className="text-sm text-slate-700">{t('support_palette.coming_soon')}</p>
        <Button variant="secondary" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </div>
    </ModalFrame>
  );
}
