/**
 * What opened the modal the host shows. Apart from the frame (modal.tsx), so the modal host, on
 * every page from the first render, does not load the dialog library (docs/decisions/078).
 */
import { createContext } from 'react';

export interface ModalOpener {
  opener: Element | null;
  openedOn: string;
}

/** Set by the modal host for the modal it shows; a frame rendered elsewhere notes the focus itself. */
export const ModalOpenerContext = createContext<ModalOpener | null>(null);
