import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { closeAllModals, closeModal, useModalState } from '../lib/modals/modals';
import { ModalOpenerContext } from './modal-opener';

/** Shows the current modal of the queue; every modal closes when the route changes (SPEC §2). */
export function ModalHost() {
  const { current } = useModalState();
  const { pathname } = useLocation();
  const shownFor = useRef(pathname);

  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    closeAllModals();
  }, [pathname]);

  if (!current) return null;
  return (
    <ModalOpenerContext.Provider
      key={`${current.id}:${current.sequence}`}
      value={{ opener: current.opener, openedOn: current.openedOn }}
    >
      {current.render(() => closeModal(current.id))}
    </ModalOpenerContext.Provider>
  );
}
