import { http, HttpResponse } from 'msw';
import { buildPage, buildPoints, buildProfile, buildPublicSettings } from '../factories';

/** The API under the client's base URL (same origin in tests: VITE_API_URL unset). */
export const api = (path: string) => `*/api${path}`;

/** Answers every screen needs just to render; tests add or override the calls they are about. */
export const defaultHandlers = [
  http.get(api('/settings/public'), () => HttpResponse.json(buildPublicSettings())),
  http.get(api('/user/points'), () => HttpResponse.json(buildPoints())),
  http.get(api('/user/profile'), () => HttpResponse.json(buildProfile())),
  http.get(api('/admin/users'), () => HttpResponse.json(buildPage([]))),
  http.get(api('/superadmin/allusers'), () => HttpResponse.json(buildPage([]))),
];

/** An error answer in the contract's shape: { error, message, code, details? }. */
export function errorResponse(status: number, code: string, message: string, details?: unknown) {
  return HttpResponse.json({ error: message, message, code, ...(details === undefined ? {} : { details }) }, { status });
}
