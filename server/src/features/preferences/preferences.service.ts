import type { Preferences } from '@app/common';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthenticatedUser } from '../../lib/auth';
import { updateOwnPreferences } from '../users/users.service';

type Caller = Pick<AuthenticatedUser, 'id' | 'record'>;

const toPreferences = (row: { language: Preferences['language']; email: string | null }): Preferences => ({
  language: row.language,
  email: row.email,
});

/** GET /api/user/preferences: from the row authentication read for this request. */
export function getOwnPreferences(caller: Caller): Preferences {
  return toPreferences(caller.record);
}

/** PUT /api/user/preferences: what the body names changes; the rest stays (an empty body changes nothing). */
export async function putOwnPreferences(
  db: DbOrTx,
  caller: Caller,
  input: { language?: Preferences['language']; email?: string | null },
): Promise<Preferences> {
  const updated = await updateOwnPreferences(db, caller, input);
  // Deleted between authentication and this write: the session is as good as gone.
  if (!updated) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  return toPreferences(updated);
}
