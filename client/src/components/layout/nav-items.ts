import type { UserType } from '@app/common';
import { IconShoppingCart, IconUser, type TablerIcon } from '@tabler/icons-react';
import { paths } from '../../config/paths';

export type NavItem = { label: string; href: string; icon?: TablerIcon };

/** Spec §2 Header and navigation: the staff menus. Customers navigate from the footer instead. */
export const STAFF_NAV: Partial<Record<UserType, NavItem[]>> = {
  admin: [
    { label: 'Users', href: paths.adminDashboard.getHref() },
    { label: 'Orders', href: paths.adminOrders.getHref() },
    { label: 'Items', href: paths.adminItems.getHref() },
    { label: 'Bills', href: paths.adminBills.getHref() },
    // Beyond spec §2's list (contract "running the programme"; docs/decisions/020).
    { label: 'Overview', href: paths.adminOverview.getHref() },
  ],
  superadmin: [
    { label: 'Users', href: paths.superadminDashboard.getHref() },
    { label: 'Orders', href: paths.superadminOrders.getHref() },
    { label: 'Items', href: paths.superadminItems.getHref() },
    { label: 'Bills', href: paths.superadminBills.getHref() },
    { label: 'System', href: paths.superadminSystem.getHref() },
    { label: 'Overview', href: paths.superadminOverview.getHref() },
    { label: 'Audit', href: paths.superadminAudit.getHref() },
  ],
};

/** Spec §2: customer footer navigation. */
export const CUSTOMER_NAV: NavItem[] = [
  { label: 'Cart', href: paths.cart.getHref(), icon: IconShoppingCart },
  { label: 'Profile', href: paths.profile.getHref(), icon: IconUser },
];
