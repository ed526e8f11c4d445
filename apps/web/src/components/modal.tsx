/**
 * A dialog frame (Radix: focus trap, Escape, labelled). Used through the modal host's render
 * functions. Closed, it gives the focus back to what opened it (decision 061): Radix would give it
 * to a `Dialog.Trigger`, and our dialogs are opened without one.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useContext, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { focusOpener, returnFocus } from '../lib/page-focus';
import { CloseIcon } from './icons';
import { ModalOpenerContext, type ModalOpener } from './modal-opener';

export interface ModalFrameProps {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' };

export function ModalFrame({ title, description, onClose, children, size = 'md' }: ModalFrameProps) {
  const { t } = useTranslation();
  const given = useContext(ModalOpenerContext);
  const [noted] = useState<ModalOpener>(() => ({
    opener: focusOpener(),
    openedOn: window.location.pathname,
  }));
  const { opener, openedOn } = given ?? noted;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 animate-fade-in" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl focus:outline-none`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(opener, openedOn);
          }}
        >
          <div className="border-b border-slate-200 py-4 pr-14 pl-6">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
              )}
            </div>
          </div>
          <div className="overflow-y-auto px-6 py-5">{children}</div>
          {/* Last in the DOM, so the dialog's first focus lands on its content, not on Close. */}
          <Dialog.Close
            className="absolute top-3 right-3 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            aria-label={t('actions.close')}
          >
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
