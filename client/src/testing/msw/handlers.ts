import type {
  ApiErrorBody,
  Bill,
  Campaign,
  ErrorCode,
  ErrorDetails,
  Item,
  LedgerEntry,
  Page,
  PointsConversionSettings,
  PointsExpirySettings,
  PointsResponse,
  Profile,
  PublicSettings,
  RunningCampaign,
  TierBillingSettings,
  User,
} from '@app/common';
import { http, HttpResponse } from 'msw';
import { currentLanguage } from '../../lib/i18n/language';
import { buildPage, buildPoints, buildProfile, buildPublicSettings } from '../factories';

/** The API under the client's base URL (same origin in tests: VITE_API_URL unset). */
export const api = (path: string) => `*/api${path}`;

// Each answer names its type from @app/common (HttpResponse.json<T>), so a change to a response shape
// breaks the compiler here rather than letting a stale mock pass.

/** Answers every screen needs just to render; tests add or override the calls they are about. */
export const defaultHandlers = [
  http.get(api('/settings/public'), () => HttpResponse.json<PublicSettings>(buildPublicSettings())),
  http.get(api('/user/points'), () => HttpResponse.json<PointsResponse>(buildPoints())),
  http.get(api('/user/profile'), () => HttpResponse.json<Profile>(buildProfile())),
  http.get(api('/admin/users'), () => HttpResponse.json<Page<User>>(buildPage([]))),
  http.get(api('/superadmin/allusers'), () => HttpResponse.json<Page<User>>(buildPage([]))),
  http.get(api('/bill'), () => HttpResponse.json<Page<Bill>>(buildPage([]))),
  http.get(api('/bill/user'), () => HttpResponse.json<Bill[]>([])),
  http.get(api('/item'), () => HttpResponse.json<Item[]>([])),
  http.get(api('/user/ledger'), () => HttpResponse.json<Page<LedgerEntry>>(buildPage([]))),
  http.get(api('/superadmin/system/tier-billing-requirements'), () =>
    HttpResponse.json<TierBillingSettings>({
      tierBillingRequirements: { NoTier: 0, Basic: 1500000, Bronze: 3000000, Silver: 6000000, Gold: 9000000, Platinum: 15000000 },
    }),
  ),
  http.get(api('/user/campaigns'), () => HttpResponse.json<RunningCampaign[]>([])),
  http.get(api('/superadmin/campaigns'), () => HttpResponse.json<Campaign[]>([])),
  http.get(api('/superadmin/system/points-expiry'), () => HttpResponse.json<PointsExpirySettings>({ months: 0 })),
  http.get(api('/superadmin/system/points-conversion'), () =>
    HttpResponse.json<PointsConversionSettings>({
      pointsConversion: 1,
      tierPointsConversion: { NoTier: 0, Basic: 600, Bronze: 500, Silver: 400, Gold: 300, Platinum: 200 },
    }),
  ),
];

/** An error answer in the contract's shape: { error, message, code, details? }. */
export function errorResponse(status: number, code: ErrorCode, message: string, details?: ErrorDetails) {
  const body: ApiErrorBody = { error: message, message, code, ...(details === undefined ? {} : { details }) };
  return HttpResponse.json<ApiErrorBody>(body, { status });
}

// Cart and addresses (cart, buy-now): empty unless a test answers its own. Appended rather than listed above
// so screens that reach them (the shop's Buy Now) render without a handler of their own.
defaultHandlers.push(
  http.get(api('/user/cart'), () => HttpResponse.json<import('@app/common').Cart>({ items: [] })),
  http.get(api('/user/addresses'), () => HttpResponse.json<import('@app/common').Address[]>([])),
);

// The header's bell polls the inbox on every signed-in screen: empty unless a test answers its own.
defaultHandlers.push(
  // The stored language is the one the test made active (a test about following it elsewhere overrides this).
  http.get(api('/user/preferences'), () => HttpResponse.json({ language: currentLanguage(), email: null })),
  http.get(api('/user/notifications'), () =>
    HttpResponse.json<import('../../features/notifications/api/get-notifications').InboxPage>({
      items: [],
      total: 0,
      page: 1,
      limit: 20,
      unread: 0,
    }),
  ),
);
