import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';

/** Everything a request needs from outside, built once at start (or per test file). */
export type AppDeps = {
  db: Db;
  config: Config;
  jwtSecret: string;
  logger: Logger;
  clock: Clock;
  /** How import jobs hash passwords (lib/passwords.ts by default); a test pauses it to stage a race. */
  hashPassword?: (password: string) => Promise<string>;
  /** Where the built client lives; absent in tests that only speak to the API. */
  clientDistDir?: string;
};
