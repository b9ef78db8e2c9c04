import { preferencesAnswer, updatePreferencesSchema } from '@app/common';
import { defineRoute, EVERYONE_SIGNED_IN, type RouteDefinition } from '../../lib/route';
import { getOwnPreferences, putOwnPreferences } from './preferences.service';

// Contract "language and notifications": each signed-in user's own language and email. Open before a
// password someone else chose is replaced too, so the language switch works on that screen as well.
export function preferencesRoutes(): RouteDefinition[] {
  return [
    // GET /api/user/preferences (any signed-in user, own) - { language, email }
    defineRoute({
      method: 'get',
      path: '/user/preferences',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: preferencesAnswer },
      allowBeforePasswordReset: true,
      handler: ({ user }) => getOwnPreferences(user),
    }),

    // PUT /api/user/preferences (any signed-in user, own) - { language?, email? } → { language, email }
    defineRoute({
      method: 'put',
      path: '/user/preferences',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: preferencesAnswer },
      allowBeforePasswordReset: true,
      request: { body: updatePreferencesSchema },
      handler: ({ db, user, input }) => putOwnPreferences(db, user, input.body),
    }),
  ];
}
