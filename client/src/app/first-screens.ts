import type { UserType } from '@app/common';
import { paths } from '../config/paths';

/**
 * The first screens a page starts before its code (issue 19, decisions 023 and 031), declared once (issue 29): the
 * address, who opens it, and the frame it opens in when it has one drawn from the page (prerender.tsx). What each
 * asks for is not listed here: `firstScreenPlan` (first-screen-plan.ts) runs the screen's and its layout's own
 * loaders (`loadFirstData`) and records their requests, so the page asks for exactly what the screens will. This
 * module holds the list alone, so the build's prerender reads it without loading the screens.
 */
export const FIRST_SCREENS: { path: string; userType: UserType; frame?: string }[] = [
  { path: paths.shop.path, userType: 'customer', frame: 'customer-shop' },
  { path: paths.product.path, userType: 'customer', frame: 'customer-product' },
  ...[paths.profile, paths.cart, paths.checkout, paths.buyNow, paths.thankYou, paths.tierPage, paths.help].map(({ path }) => ({
    path,
    userType: 'customer' as const,
  })),
  { path: paths.adminDashboard.path, userType: 'admin' },
  { path: paths.superadminDashboard.path, userType: 'superadmin' },
  // Issue 41: the staff lists whose rows were a slow phone's largest paint, asked for with the code.
  { path: paths.adminBills.path, userType: 'admin' },
  { path: paths.adminItems.path, userType: 'admin' },
  ...[paths.superadminBills, paths.superadminItems, paths.superadminCampaigns, paths.superadminAudit, paths.superadminSystem].map(
    ({ path }) => ({ path, userType: 'superadmin' as const }),
  ),
];

/**
 * The user types whose prerendered frame is drawn around any of their screens that opens with a heading (decision
 * 030), named after the user type: the staff's, and since issue 41 a customer's (decision 047), for their screens
 * other than the shop and a product page, which have whole frames of their own.
 */
export const HEADED_SCREEN_FRAMES: UserType[] = ['admin', 'superadmin', 'customer'];
