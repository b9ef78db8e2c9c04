import express from 'express';
import { z } from 'zod';
import { supportContactsSchema, utf8ByteLength } from '@app/common';

// Contract "Run and configure": every variable, parsed once. No other server module reads process.env.

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

// The messages name the variable, never its value: an SMTP_URL carries a password.
function urlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

// "address@domain" or "Name <address@domain>", as a mail's From header takes it.
const mailbox = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

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
    // The built client this process serves; unset: the one `npm start` builds (client/dist). Another build in its
    // own folder is served without touching that one (the Lighthouse bench's React profiling build, issue 29).
    CLIENT_DIST_DIR: optionalText,
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SUPERADMIN_USERNAME: optionalText,
    // bcrypt reads 72 bytes: a longer password is refused, not silently cut (contract "Users").
    SUPERADMIN_PASSWORD: optionalText.pipe(
      z
        .string()
        .min(8, 'must be at least 8 characters')
        .refine((value) => utf8ByteLength(value) <= 72, 'must be at most 72 bytes (UTF-8)')
        .optional(),
    ),
    CORS_ORIGINS: optionalText.transform((value) =>
      value
        ? value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
        : [],
    ),
    // Contract "Run and configure": unset → trust no proxy, so req.ip is the socket's address and
    // X-Forwarded-For is ignored; otherwise Express `trust proxy` syntax: true, a number of hops, or a
    // comma-separated list of addresses, subnets and the names loopback, linklocal, uniquelocal.
    TRUST_PROXY: optionalText.transform((value, context): boolean | number | string[] => {
      if (!value || value.toLowerCase() === 'false') return false;
      if (value.toLowerCase() === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      const proxies = value
        .split(',')
        .map((proxy) => proxy.trim())
        .filter(Boolean);
      try {
        // Express compiles the list itself: the same rules the server will apply, checked at start.
        express().set('trust proxy', proxies);
      } catch (error) {
        context.addIssue({ code: 'custom', message: `must be true, a number of hops or addresses/subnets (${String(error)})` });
        return z.NEVER;
      }
      return proxies;
    }),
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
    // Contract "language and notifications": delivery beyond the inbox (features/outbox, decision 021).
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .refine((value) => urlWithProtocol(value, ['smtp:', 'smtps:']), 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: optionalText.pipe(
      z.string().regex(mailbox, 'must be an address, or a name and an address: Rewards <rewards@example.com>').optional(),
    ),
    NOTIFY_WEBHOOK_URL: optionalText.pipe(
      z
        .string()
        .refine((value) => urlWithProtocol(value, ['http:', 'https:']), 'must be an http:// or https:// URL')
        .optional(),
    ),
    // Each mail or webhook call must be done within this; a send that takes longer is cut and tried again
    // later (decision 036). Mail servers and gateways answer in well under a second when they work.
    NOTIFY_SEND_TIMEOUT_SECONDS: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ error: 'must be a whole number of seconds from 1 to 120' })
        .int('must be a whole number of seconds from 1 to 120')
        .min(1, 'must be a whole number of seconds from 1 to 120')
        .max(120, 'must be a whole number of seconds from 1 to 120')
        .default(15),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      context.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    } else if (env.DATABASE_URL && !env.JWT_SECRET) {
      // Several servers may share one PostgreSQL database; each would otherwise generate its own secret in
      // its own DATA_DIR and refuse the sessions the others signed.
      context.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required with DATABASE_URL (every server on that database must share the same JWT_SECRET)',
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      context.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required with SMTP_URL (the sender of the mails)' });
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
