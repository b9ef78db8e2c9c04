import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { ensureDefaultSettings } from '../features/settings/settings.service';
import { createFirstSuperadmin, type SuperadminBootstrap } from '../features/users/users.service';
import type { Logger } from '../lib/logger';
import type { Db } from './client';

/** Contract "Run and configure": the first superadmin, from SUPERADMIN_USERNAME/PASSWORD or generated. */
export function bootstrapSuperadmin(db: Db, config: Config): Promise<SuperadminBootstrap> {
  return createFirstSuperadmin(db, { username: config.SUPERADMIN_USERNAME, password: config.SUPERADMIN_PASSWORD }, () =>
    randomBytes(12).toString('base64url'),
  );
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
