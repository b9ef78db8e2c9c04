import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isUserType, type Language } from '@app/common';
import { useState, type CSSProperties, type ReactNode } from 'react';
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

/** The frame's classes, styled by app-layout.css (loaded with the entry, for the frame drawn from the page). */
export const APP_LAYOUT_CLASSES = {
  frame: 'app-frame',
  header: 'app-header',
  container: 'app-container',
  headerRow: 'app-header-row',
  headerSide: 'app-header-side',
  barNav: 'app-bar-nav',
  main: 'app-main',
  content: 'app-content',
  footer: 'app-footer',
  footerStack: 'app-footer-stack',
} as const;
const classes = APP_LAYOUT_CLASSES;

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

  const sizes = { '--header-height': `${HEADER_HEIGHT}px`, '--bottom-bar-height': `${BOTTOM_BAR_HEIGHT}px` } as CSSProperties;

  return (
    <div className={classes.frame} data-customer={isCustomer || undefined} style={sizes}>
      <a href="#main-content" className="skip-link">
        {t('layout.skipToContent')}
      </a>

      <header className={classes.header}>
        <div className={`${classes.container} ${classes.headerRow}`}>
          <div className={classes.headerSide}>
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
              <div className={classes.barNav}>
                <StaffNav items={staffNav} variant="bar" />
              </div>
            )}
          </div>
          <div className={classes.headerSide}>
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
          </div>
        </div>
      </header>

      {staffNav && (
        <NavDrawer opened={drawerOpened} onClose={drawer.close} title={productName ?? t('layout.menu')} items={staffNav} />
      )}

      <main id="main-content" tabIndex={-1} className={classes.main}>
        <div className={`${classes.container} ${classes.content}`}>{children}</div>
      </main>

      <footer className={classes.footer}>
        <div className={`${classes.container} ${classes.footerStack}`}>
          {isCustomer && <CustomerFooterNav />}
          {footer}
        </div>
      </footer>

      {isCustomer && <CustomerBottomBar />}
    </div>
  );
}
