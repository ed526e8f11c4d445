import { Fragment, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { closeAllModals, closeModal, useModalState } from '../lib/modals/modals';

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
    <Fragment key={`${current.id}:${current.sequence}`}>
      {current.render(() => closeModal(current.id))}
    </Fragment>
  );
}
