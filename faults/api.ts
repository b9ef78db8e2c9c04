import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';

export const OWNER = { username: 'fault-owner', password: 'Fault-owner-password-7' };
// Every server of one database shares the secret (config.ts requires it with DATABASE_URL).
const JWT_SECRET = 'faults-jwt-secret-shared-by-every-server-of-the-database';

/** A new folder for one server's DATA_DIR, removed after the run. */
export const scratchFolder = () => mkdtempSync(path.join(inject('scratchDir'), 'data-'));

/**
 * The real server on `databaseUrl`, with its own DATA_DIR (uploads only) and the first superadmin set; `env`
 * adds variables (TRUST_PROXY behind a proxy), `port` restarts it where a proxy expects it.
 */
export function startServerOn(
  databaseUrl: string,
  dataDir = scratchFolder(),
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<ServerProcess> {
  return startServerProcess(
    dataDir,
    {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SUPERADMIN_USERNAME: OWNER.username,
      SUPERADMIN_PASSWORD: OWNER.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    { port: options.port },
  );
}

export async function signIn(baseUrl: string, user = OWNER): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (answer.status !== 200) throw new Error(`sign-in as ${user.username}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { refreshToken: string }).refreshToken;
}

export async function call(
  baseUrl: string,
  token: string,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Rows for a customer import whose usernames all start with `prefix`. */
export function customerRows(prefix: string, count: number) {
  return Array.from({ length: count }, (_unused, index) => ({
    username: `${prefix}${index}`,
    partyName: `Fault Traders ${index}`,
    phoneNumber: '9829012345',
    password: `Kx7-${prefix}-${index}-pass`,
  }));
}

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
