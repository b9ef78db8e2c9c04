// Every route of spec §2 as { path, getHref } (house style 4.1): screens link through getHref, the router
// matches on path, so a URL is spelled once.

function staticPath<P extends string>(path: P) {
  return { path, getHref: () => path } as const;
}

export const paths = {
  login: staticPath('/'),
  resetPassword: staticPath('/reset-password'),
  help: staticPath('/help'),

  shop: staticPath('/user/shop'),
  profile: staticPath('/user/profile'),
  cart: staticPath('/user/cart'),
  product: {
    path: '/product/:id',
    getHref: (id: string) => `/product/${encodeURIComponent(id)}`,
  },
  checkout: staticPath('/checkout'),
  buyNow: staticPath('/buy-now'),
  thankYou: staticPath('/thank-you'),
  tierPage: staticPath('/tier-page'),

  adminDashboard: staticPath('/admin-dashboard'),
  adminItems: staticPath('/admin-items'),
  adminOrders: staticPath('/admin-orders'),
  adminBills: staticPath('/admin-bills'),
  // Beyond spec §2 (contract "running the programme"): the overview and, for superadmins, the audit log.
  adminOverview: staticPath('/admin-overview'),

  superadminDashboard: staticPath('/superadmin-dashboard'),
  superadminItems: staticPath('/superadmin-items'),
  superadminOrders: staticPath('/superadmin-orders'),
  superadminBills: staticPath('/superadmin-bills'),
  superadminSystem: staticPath('/superadmin-system'),
  // Contract "bonus campaigns".
  superadminCampaigns: staticPath('/superadmin-campaigns'),
  superadminOverview: staticPath('/superadmin-overview'),
  superadminAudit: staticPath('/superadmin-audit'),
} as const;

/**
 * The profile's points history section (contract "Every screen on a phone": the header's points and the shop's
 * expiry line open it): the id the profile gives the section, and the address that opens the profile on it.
 */
export const POINTS_HISTORY_SECTION_ID = 'points-history';
export const pointsHistoryHref = () => `${paths.profile.getHref()}#${POINTS_HISTORY_SECTION_ID}`;

/** Spec §2's staff paths: /admin-… are an admin's, /superadmin-… a superadmin's; the staff type a path belongs to, if any. */
export function staffTypeOfPath(path: string): 'admin' | 'superadmin' | undefined {
  return /^\/(admin|superadmin)-/.exec(path)?.[1] as 'admin' | 'superadmin' | undefined;
}
