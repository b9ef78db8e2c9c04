// Every screen each role reaches (client/src/config/paths.ts), in the order of its menu: the browser journey that
// opens them all (e2e/journeys/every-screen.test.ts) and `npm run screenshots` read this one list.
// `{item}` stands for an item of the catalogue.
export const EVERY_ROUTE = {
  customer: [
    '/user/shop',
    '/user/profile',
    '/user/cart',
    '/product/{item}',
    '/checkout',
    '/buy-now',
    '/thank-you',
    '/tier-page',
    '/help',
  ],
  admin: ['/admin-dashboard', '/admin-items', '/admin-orders', '/admin-bills', '/admin-overview', '/help'],
  superadmin: [
    '/superadmin-dashboard',
    '/superadmin-items',
    '/superadmin-orders',
    '/superadmin-bills',
    '/superadmin-system',
    '/superadmin-campaigns',
    '/superadmin-overview',
    '/superadmin-audit',
    '/help',
  ],
};
