import '@mantine/notifications/styles.layer.css';
import { isTier } from '@app/common';
import { Group } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { AppLayout } from '../../components/layout/app-layout';
import { deferred, deferredUntilPressed } from '../../components/ui/deferred';
import { notificationsWhenShown } from '../../components/ui/notifications-when-shown';
import { PageLoader } from '../../components/ui/page-loader';
import { paths } from '../../config/paths';
import { logout as logoutOnServer } from '../../features/auth/api/logout';
import { inboxQueryOptions } from '../../features/notifications/api/get-notifications';
import { NotificationsButton } from '../../features/notifications/components/notifications-button';
import { useChooseLanguage } from '../../features/preferences/api/choose-language';
import { useFollowStoredLanguage } from '../../features/preferences/api/follow-stored-language';
import { preferencesQueryOptions } from '../../features/preferences/api/preferences';
import { pointsQueryOptions } from '../../features/profile/api/get-points';
import { profileQueryOptions, useProfile } from '../../features/profile/api/get-profile';
import { PointsBalance } from '../../features/profile/components/points-balance';
import { loadPublicSettings } from '../../features/settings/api/get-public-settings';
import { SupportFooter } from '../../features/settings/components/support-footer';
import { useProductName } from '../../features/settings/hooks/use-product-name';
import { TierBadge } from '../../features/tiers/components/tier-badge';
import { clearSession, useSession, type Session } from '../../lib/session';
import type { FirstVisit } from '../router';

/** Spec §2 Header: a customer's tier badge (from their profile) and 'Your Points' balance. */
function CustomerSummary() {
  const profile = useProfile();
  const tier = profile.data && isTier(profile.data.tier) ? profile.data.tier : undefined;
  return (
    <Group gap="sm" wrap="nowrap">
      {!profile.isError && <TierBadge tier={tier} />}
      <PointsBalance />
    </Group>
  );
}

// The container that shows notifications, downloaded once the page has settled and drawn at the first one shown;
// screens call notifications.show(), whose store keeps what is shown before the container's code arrives
// (components/ui/deferred.tsx).
const Notifications = deferred(() => import('@mantine/notifications').then((module) => notificationsWhenShown(module)));

// The header's bell counts unread notifications from the first render (the look-alike bell polls too); the
// inbox panel's list, popover and drawer are imported and drawn when the bell is first pressed, like the user
// menu (components/ui/deferred.tsx; the service worker keeps their code).
const NotificationsPanel = deferredUntilPressed(
  () => import('../../features/notifications/components/notifications-panel').then((module) => module.NotificationsPanel),
  ({ onPressedBeforeLoad }) => <NotificationsButton onClick={onPressedBeforeLoad} aria-haspopup="dialog" />,
);

// Staff set the email for notifications from the user menu (customers on their profile); its form and
// request code are downloaded when the dialog is first opened.
const NotificationEmailDialog = deferred(() =>
  import('../../features/preferences/components/notification-email-dialog').then((module) => module.NotificationEmailDialog),
);

/**
 * What the frame's first render reads: the bell's unread count, the stored language and the product name for the
 * header and footer, and a customer's tier and points (CustomerSummary). Fetched with the screen's first data before a
 * screen is drawn over the page's frame (router.tsx, main.tsx): an answer that came in while React was building the
 * screen made it build the frame a second time, at once, inside the same task (decision 032). The page asks for the
 * same with its HTML (app/first-screen-plan.ts derives its early requests from this).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient, { userType }: FirstVisit) =>
  Promise.all([
    ...(userType === 'customer'
      ? [queryClient.prefetchQuery(profileQueryOptions()), queryClient.prefetchQuery(pointsQueryOptions())]
      : []),
    queryClient.prefetchQuery(preferencesQueryOptions()),
    queryClient.prefetchQuery(inboxQueryOptions()),
    loadPublicSettings(),
  ]);

// The frame around every signed-in screen except /reset-password (RequireSession guarantees a session).
export default function SignedInLayout() {
  const session = useSession();
  if (!session) return null;
  return (
    <SignedInFrame session={session}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </SignedInFrame>
  );
}

/**
 * The signed-in frame around a screen. Also rendered at build time, around a staff screen's heading, into the
 * page a returning admin or superadmin first sees (prerender.tsx, decision 030): what React draws over it must
 * be this same frame.
 * Notifications (confirmations after saving) live here rather than in app/provider.tsx: only signed-in
 * screens show them, and the provider is part of the login route's bundle, which stays small.
 */
export function SignedInFrame({ session, children }: { session: Session; children: ReactNode }) {
  const productName = useProductName();
  const navigate = useNavigate();
  const chooseLanguage = useChooseLanguage();
  useFollowStoredLanguage();
  const [bellPressed, setBellPressed] = useState(false);
  const [emailOpened, setEmailOpened] = useState(false);

  const isCustomer = session.userType === 'customer';
  const isStaff = session.userType === 'admin' || session.userType === 'superadmin';
  const logout = () => {
    // Spec §2: Logout clears the stored session and goes to /. The server also revokes the token; the
    // provider drops this user's cached answers when the session changes.
    void logoutOnServer(session.token);
    clearSession();
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <AppLayout
      session={session}
      productName={productName}
      customerSummary={isCustomer ? <CustomerSummary /> : undefined}
      footer={<SupportFooter variant={isCustomer ? 'customer' : 'staff'} />}
      inbox={<NotificationsPanel openedBeforeLoad={bellPressed} onPressedBeforeLoad={() => setBellPressed(true)} />}
      onChooseLanguage={chooseLanguage}
      onOpenNotificationEmail={isStaff ? () => setEmailOpened(true) : undefined}
      onLogout={logout}
    >
      {/* Bottom corner: at the top they would cover the header's user menu while they show. */}
      <Notifications position="bottom-right" />
      {emailOpened && <NotificationEmailDialog opened onClose={() => setEmailOpened(false)} />}
      {children}
    </AppLayout>
  );
}
