// The portal the browser benchmarks measure (lighthouse.bench.ts, profile-page.ts): the compiled server as
// `npm start` runs it, on a fresh embedded database with the journeys' users and a catalogue of 200 items with
// pictures (issue 10), and a superadmin of its own; and signing in through the login form as a visitor does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ensureClientBuild } from '../scripts/builds.mjs';
import { seedCatalogue } from '../e2e/seed-catalogue';
import { seedJourneyUsers } from '../e2e/seed-users';
import { startServerProcess } from '../e2e/server-process';

/** Issue 10: the shop and the product page are measured with this many items in the catalogue. */
export const CATALOGUE_SIZE = 200;
export const SUPERADMIN = { username: 'bench-owner', password: 'bench-owner-password-1' };

type Credentials = { username: string; password: string };

/** `clientDistDir`: another build of the client to serve than client/dist (the server's CLIENT_DIST_DIR). */
export async function startPortalUnderTest(name: string, { clientDistDir }: { clientDistDir?: string } = {}) {
  if (!clientDistDir) ensureClientBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), `rewards-${name}-`));
  const users = await seedJourneyUsers(dataDir);
  const [firstItem] = await seedCatalogue(dataDir, CATALOGUE_SIZE);
  const server = await startServerProcess(dataDir, {
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    ...(clientDistDir ? { CLIENT_DIST_DIR: clientDistDir } : {}),
  });
  return {
    baseUrl: server.baseUrl,
    /** The server's process, for the benchmarks' priority (lighthouse.bench.ts). */
    pid: server.child.pid!,
    users: { ...users, superadmin: SUPERADMIN },
    firstItem: firstItem!,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in on the login form (after forgetting any earlier session of this browser) and waits for the home. */
export async function signInWithForm(page: Page, baseUrl: string, { username, password }: Credentials): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/');
}
