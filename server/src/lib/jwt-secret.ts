import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Contract: JWT_SECRET defaults to a secret generated once and kept in DATA_DIR, so sessions survive a
 * restart without any set-up; production must set it explicitly (config.ts refuses otherwise).
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const secretPath = path.resolve(dataDir, 'jwt-secret');
  const existing = await readFile(secretPath, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const generated = randomBytes(48).toString('base64url');
  await writeFile(secretPath, generated, { mode: 0o600 });
  return generated;
}
