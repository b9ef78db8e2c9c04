import { z } from 'zod';
import { supportContactsSchema } from '@app/common';

// Contract "Run and configure": every variable, parsed once. No other server module reads process.env.

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SUPERADMIN_USERNAME: optionalText,
    SUPERADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, 'must be at least 8 characters').max(72, 'must be at most 72 characters').optional(),
    ),
    CORS_ORIGINS: optionalText.transform((value) =>
      value
        ? value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
        : [],
    ),
    PRODUCT_NAME: z.string().trim().min(1).default('Rewards'),
    SUPPORT_CONTACTS: optionalText.transform((value, context) => {
      if (!value) return [];
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON array' });
        return z.NEVER;
      }
      const result = supportContactsSchema.safeParse(parsed);
      if (!result.success) {
        context.addIssue({ code: 'custom', message: 'must be a JSON array of three { name, role, phone }' });
        return z.NEVER;
      }
      return result.data;
    }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      context.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (Boolean(env.SUPERADMIN_USERNAME) !== Boolean(env.SUPERADMIN_PASSWORD)) {
      context.addIssue({
        code: 'custom',
        path: ['SUPERADMIN_PASSWORD'],
        message: 'SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD must be set together',
      });
    }
  });

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment and lists every bad variable at once, so start-up fails with one readable message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  return result.data;
}
