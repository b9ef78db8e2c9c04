import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { ensureDefaultSettings } from '../features/settings/settings.service';
import { countLiveUsersOfType, findLiveUserByUsername, insertUser } from '../features/users/users.repository';
import { hashPassword } from '../lib/passwords';
import type { Logger } from '../lib/logger';
import type { Db } from './client';

export type BootstrapResult =
  | { created: false }
  | { created: true; username: string; generatedPassword?: string };

/**
 * Contract "Run and configure": when no superadmin exists, create one from SUPERADMIN_USERNAME/PASSWORD, or
 * `superadmin` with a random password printed once. The configured one chose their password
 * (isPasswordReset true); the generated one must replace it at first sign-in, as anyone given a password must.
 */
export async function bootstrapSuperadmin(db: Db, config: Config): Promise<BootstrapResult> {
  if ((await countLiveUsersOfType(db, 'superadmin')) > 0) return { created: false };
  const username = config.SUPERADMIN_USERNAME ?? 'superadmin';
  if (await findLiveUserByUsername(db, username)) {
    throw new Error(
      `No superadmin exists and the username "${username}" is taken by another user. ` +
        'Set SUPERADMIN_USERNAME to a free username and SUPERADMIN_PASSWORD, then start again.',
    );
  }
  const generatedPassword = config.SUPERADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  await insertUser(db, {
    username,
    partyName: 'Superadmin',
    phoneNumber: '',
    passwordHash: await hashPassword(config.SUPERADMIN_PASSWORD ?? generatedPassword!),
    userType: 'superadmin',
    isPasswordReset: !generatedPassword,
  });
  return { created: true, username, generatedPassword };
}

/** First-start data: default settings and the bootstrapped superadmin. Safe on every start. */
export async function seedDatabase(db: Db, config: Config, logger: Logger): Promise<void> {
  await ensureDefaultSettings(db, config);
  const result = await bootstrapSuperadmin(db, config);
  if (!result.created) return;
  if (result.generatedPassword) {
    // Printed once, on purpose to the console and not to the structured log.
    console.log(
      `\n  Created the superadmin "${result.username}" with the password: ${result.generatedPassword}\n` +
        '  Sign in with it now; you will be asked to choose your own password. It is not shown again.\n',
    );
  } else {
    logger.info({ username: result.username }, 'created the superadmin from SUPERADMIN_USERNAME');
  }
}
