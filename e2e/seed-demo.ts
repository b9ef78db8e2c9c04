import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Who signs in to the demo (server/src/demo/demo-programme.ts prints them; every account has one password). */
const ACCOUNT_LINE = /^\s+(superadmin|admin|customer)\s+(\S+)\s+(\S+)\s*$/gm;

/**
 * The demo's programme (`npm run demo`: staff, 50 dealers in every tier, items with pictures, bills, orders, a
 * campaign and expiry) written into a fresh data folder before a server opens it, by the demo's own seeding
 * process: the screens as a new user of the demo sees them, with lists long enough to matter on a phone.
 */
export async function seedDemo(
  dataDir: string,
): Promise<{ accounts: Record<'superadmin' | 'admin' | 'customer', string>; password: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/demo/seed-demo.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seeding the demo failed (exit code ${code}):\n${output}`);
  const accounts: Partial<Record<'superadmin' | 'admin' | 'customer', string>> = {};
  let password = '';
  for (const [, role, username, rolePassword] of output.matchAll(ACCOUNT_LINE)) {
    accounts[role as 'superadmin' | 'admin' | 'customer'] = username!;
    password = rolePassword!;
  }
  if (!accounts.superadmin || !accounts.admin || !accounts.customer) throw new Error(`no demo accounts in:\n${output}`);
  return { accounts: accounts as Record<'superadmin' | 'admin' | 'customer', string>, password };
}
