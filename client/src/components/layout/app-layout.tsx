import { Box, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isUserType, type Language } from '@app/common';
import { useState, type ReactNode } from 'react';
import { paths } from '../../config/paths';
import { homePathFor } from '../../lib/home-path';
import { useT } from '../../lib/i18n/use-t';
import type { Session } from '../../lib/session';
import { BOTTOM_BAR_HEIGHT, CustomerBottomBar, CustomerFooterNav } from './customer-nav';
import { Logo } from './logo';
import { STAFF_NAV } from './nav-items';
import { StaffNav } from './staff-nav';
import { UserMenuButton } from './user-menu-button';
import { deferredDialog, deferredUntilPressed } from '../ui/deferred';

// Imported and drawn when first used (components/ui/deferred.tsx): no one opens them in the first second,
// customers never open the drawer, and their floating panels and focus traps are most of the layout's code
// (issue 29: drawn, then only imported, at settling they cost a slow phone a long task). The service worker
// keeps their code (build/service-worker.ts), so the first press does not wait for the network.
const NavDrawer = deferredDialog(() => import('./nav-drawer').then((module) => module.NavDrawer));
// A press on the look-alike button is kept, and the menu opens when it is drawn, or when its code arrives.
const UserMenu = deferredUntilPressed(
  () => import('./user-menu').then((module) => module.UserMenu),
  ({ onPressedBeforeLoad }) => <UserMenuButton onClick={onPressedBeforeLoad} aria-haspopup="menu" />,
);

const HEADER_HEIGHT = 60;

type AppLayoutProps = {
  session: Session;
  productName: string | undefined;
  /** A customer's tier badge and points, shown in the header (spec §2). */
  customerSummary?: ReactNode;
  /** Support contacts, per spec §1 for the user's type. */
  footer: ReactNode;
  /** The header's bell and the inbox it opens (contract "language and notifications"). */
  inbox?: ReactNode;
  /** The user menu's language switch. */
  onChooseLanguage: (language: Language) => void;
  /** Staff only: the user menu's "Email for notifications". */
  onOpenNotificationEmail?: () => void;
  onLogout: () => void;
  children: ReactNode;
};

/** The frame of every signed-in screen: header, main content, footer (spec §1, §2 Header and navigation). */
export function AppLayout({
  session,
  productName,
  customerSummary,
  footer,
  inbox,
  onChooseLanguage,
  onOpenNotificationEmail,
  onLogout,
  children,
}: AppLayoutProps) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const [userMenuPressed, setUserMenuPressed] = useState(false);
  const t = useT();
  const isCustomer = session.userType === 'customer';
  const staffNav = isUserType(session.userType) ? STAFF_NAV[session.userType] : undefined;
  // An unknown user type has no home; / then says 'Unknown user type' (spec §4).
  const home = homePathFor(session.userType) ?? paths.login.getHref();

  return (
    <Box
      mih="100dvh"
      style={{ display: 'flex', flexDirection: 'column' }}
      pb={isCustomer ? { base: BOTTOM_BAR_HEIGHT, sm: 0 } : undefined}
    >
      <a href="#main-content" className="skip-link">
        {t('layout.skipToContent')}
      </a>

      <Box
        component="header"
        pos="sticky"
        top={0}
        h={HEADER_HEIGHT}
        bg="var(--mantine-color-body)"
        style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              {staffNav && (
                <Burger
                  opened={drawerOpened}
                  onClick={drawer.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={t('layout.openNavigation')}
                  aria-expanded={drawerOpened}
                />
              )}
              <Logo href={home} productName={productName} compact={isCustomer} />
              {staffNav && (
                <Box visibleFrom="sm" ml="md">
                  <StaffNav items={staffNav} variant="bar" />
                </Box>
              )}
            </Group>
            <Group gap="sm" wrap="nowrap">
              {isCustomer && customerSummary}
              {inbox}
              <UserMenu
                partyName={session.partyName || session.username}
                onChooseLanguage={onChooseLanguage}
                onOpenNotificationEmail={onOpenNotificationEmail}
                onLogout={onLogout}
                openedBeforeLoad={userMenuPressed}
                onPressedBeforeLoad={() => setUserMenuPressed(true)}
              />
            </Group>
          </Group>
        </Container>
      </Box>

      {staffNav && (
        <NavDrawer opened={drawerOpened} onClose={drawer.close} title={productName ?? t('layout.menu')} items={staffNav} />
      )}

      {/* At least a screen tall, so the footer starts below the fold and is not pushed down (a layout shift)
          when a screen's data arrives. */}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        style={{ flex: 1, outline: 'none', minHeight: `calc(100dvh - ${HEADER_HEIGHT}px)` }}
      >
        <Container size="lg" py="lg">
          {children}
        </Container>
      </Box>

      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Stack gap="sm">
            {isCustomer && <CustomerFooterNav />}
            {footer}
          </Stack>
        </Container>
      </Box>

      {isCustomer && <CustomerBottomBar />}
    </Box>
  );
}
