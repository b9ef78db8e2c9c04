import type { UserType } from '@app/common';
import { IconShoppingCart, IconUser, type TablerIcon } from '@tabler/icons-react';
import { paths } from '../../config/paths';
import type { MessageId } from '../../lib/i18n/catalogs';

/** The label is a message id (catalogue area "frame"), translated where the item renders. */
export type NavItem = { labelId: MessageId; href: string; icon?: TablerIcon };

/** Spec §2 Header and navigation: the staff menus. Customers navigate from the footer instead. */
export const STAFF_NAV: Partial<Record<UserType, NavItem[]>> = {
  admin: [
    { labelId: 'nav.users', href: paths.adminDashboard.getHref() },
    { labelId: 'nav.orders', href: paths.adminOrders.getHref() },
    { labelId: 'nav.items', href: paths.adminItems.getHref() },
    { labelId: 'nav.bills', href: paths.adminBills.getHref() },
    // Beyond spec §2's list (contract "running the programme"; docs/decisions/020).
    { labelId: 'nav.overview', href: paths.adminOverview.getHref() },
  ],
  superadmin: [
    { labelId: 'nav.users', href: paths.superadminDashboard.getHref() },
    { labelId: 'nav.orders', href: paths.superadminOrders.getHref() },
    { labelId: 'nav.items', href: paths.superadminItems.getHref() },
    { labelId: 'nav.bills', href: paths.superadminBills.getHref() },
    { labelId: 'nav.system', href: paths.superadminSystem.getHref() },
    { labelId: 'nav.campaigns', href: paths.superadminCampaigns.getHref() },
    { labelId: 'nav.overview', href: paths.superadminOverview.getHref() },
    { labelId: 'nav.audit', href: paths.superadminAudit.getHref() },
  ],
};

/** Spec §2: customer footer navigation. */
export const CUSTOMER_NAV: NavItem[] = [
  { labelId: 'nav.cart', href: paths.cart.getHref(), icon: IconShoppingCart },
  { labelId: 'nav.profile', href: paths.profile.getHref(), icon: IconUser },
];
