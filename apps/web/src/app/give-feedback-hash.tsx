/** Opening the URL hash #give-feedback opens the feedback modal and clears the hash (SPEC §2). */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openModal } from '../lib/modals/modals';

export const GIVE_FEEDBACK_HASH = '#give-feedback';

const FeedbackModal = lazy(async () => ({
  default: (await import('../features/feedback/components/feedback-modal')).FeedbackModal,
}));

export function openFeedbackModal(): void {
  openModal({
    id: 'feedback',
    render: (close) => (
      <Suspense fallback={null}>
        <FeedbackModal onClose={close} />
      </Suspense>
    ),
  });
}

export function GiveFeedbackHash() {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (hash !== GIVE_FEEDBACK_HASH) return;
    navigate({ pathname, search, hash: '' }, { replace: true });
    openFeedbackModal();
  }, [hash, pathname, search, navigate]);

  return null;
}
