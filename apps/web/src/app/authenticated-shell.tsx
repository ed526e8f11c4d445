/**
 * The signed-in frame, where the shell meets the features it hosts: the notifications button and
 * the support palette. A lazy chunk: the sign-in page never loads it.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { UnsavedChangesGuard } from '../components/form/unsaved-changes-guard';
import { AgreementGate } from '../features/account/components/agreement-gate';
import { NotificationsButton } from '../features/notifications/components/notifications-button';
import { ShellLayout } from '../features/shell/components/shell-layout';
import { ActingBanner } from '../features/support/components/acting-banner';
import { PortalSwitch } from '../features/support/components/portal-switch';
import { SupportPaletteModal } from '../features/support/components/support-palette-modal';
import { loadNamespace, useNamespace } from '../lib/i18n/i18n';
import { openModal } from '../lib/modals/modals';
import { currentAgreementQuery } from '../lib/resources/agreements';
import { useLiveNotifications } from '../lib/resources/notifications';
import { useSession } from '../lib/session/use-session';

function openSupportPalette() {
  openModal({
    id: 'support-palette',
    priority: 1,
    render: (close) => <SupportPaletteModal onClose={close} />,
  });
}

// Page titles and intros of the signed-in pages: fetched as soon as this chunk arrives.
void loadNamespace('pages').catch(() => undefined);

export default function AuthenticatedShell({ children }: { children: ReactNode }) {
  useNamespace('pages');
  const { me } = useSession();
  const terms = useQuery({ ...currentAgreementQuery, enabled: Boolean(me) && !me?.acting });
  if (!me) return null;
  // Newer terms wait for this account: nothing else is shown until it accepts them (or signs out).
  if (terms.data?.pending && terms.data.agreement && !me.acting)
    return <AgreementGate agreement={terms.data.agreement} />;
  return (
    <SignedInShell accountId={me.account.id} unread={me.unreadNotifications}>
      {children}
    </SignedInShell>
  );
}

function SignedInShell({
  accountId,
  unread,
  children,
}: {
  accountId: string;
  unread: number;
  children: ReactNode;
}) {
  useLiveNotifications(accountId);
  return (
    <>
      <ShellLayout
        notificationsButton={<NotificationsButton accountId={accountId} initialUnread={unread} />}
        openSupportPalette={openSupportPalette}
        portalSwitch={<PortalSwitch />}
      >
        {children}
      </ShellLayout>
      <ActingBanner />
      <UnsavedChangesGuard />
    </>
  );
}
