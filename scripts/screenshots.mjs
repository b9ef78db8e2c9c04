// `npm run screenshots`: the README's pictures of each role's main screen, taken from a fresh demo
// (scripts/demo.mjs in a temporary folder) with the system Chromium. A customer's shop at phone width, the
// staff screens on a desktop; then every screen of every role on a 360 px phone (docs/screenshots/phone, the
// routes of scripts/every-route.mjs). `-- --url=http://localhost:3000` takes them from a demo already running.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { EVERY_ROUTE } from './every-route.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = path.join(root, 'docs', 'screenshots');
const PASSWORD = 'rewards-demo';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The phone the contract's "Every screen on a phone" names. */
const SMALL_PHONE = { width: 360, height: 740 };
const DEMO_ACCOUNTS = { customer: 'demo-dealer', admin: 'demo-admin', superadmin: 'demo-superadmin' };

const SHOTS = [
  { file: 'customer-shop.png', username: 'demo-dealer', home: '/user/shop', ready: 'main img', viewport: PHONE },
  {
    file: 'customer-tier-page.png',
    username: 'demo-dealer',
    home: '/user/shop',
    then: '/tier-page',
    ready: 'main table',
    viewport: PHONE,
  },
  { file: 'admin-customers.png', username: 'demo-admin', home: '/admin-dashboard', ready: 'main tbody tr', viewport: DESKTOP },
  {
    file: 'admin-orders.png',
    username: 'demo-admin',
    home: '/admin-dashboard',
    then: '/admin-orders',
    ready: 'text=ORD-',
    viewport: DESKTOP,
  },
  {
    file: 'superadmin-users.png',
    username: 'demo-superadmin',
    home: '/superadmin-dashboard',
    ready: 'main tbody tr',
    viewport: DESKTOP,
  },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, demo) {
  for (let waited = 0; waited < 600_000; waited += 250) {
    if (demo && demo.exitCode !== null) throw new Error(`the demo stopped (exit code ${demo.exitCode})`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the demo did not answer within 10 minutes');
}

/** A fresh demo on a free port in a temporary folder, or the one at --url. */
async function startDemo() {
  const url = process.argv.slice(2).find((arg) => arg.startsWith('--url='));
  if (url) return { baseUrl: url.slice('--url='.length).replace(/\/$/, ''), stop: async () => undefined };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-screenshots-'));
  const port = await freePort();
  const demo = spawn(process.execPath, [path.join(root, 'scripts', 'demo.mjs'), `--data-dir=${dataDir}`], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (demo.exitCode === null) {
      const exited = new Promise((resolve) => demo.once('exit', resolve));
      demo.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, demo);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

async function signIn(page, username) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The screen as it is on screen, once the pictures in view are decoded (lazy ones further down never load). */
async function shoot(page, file) {
  await page
    .locator('img')
    .evaluateAll((images) =>
      Promise.all(
        images
          .filter((image) => image.getBoundingClientRect().top < image.ownerDocument.documentElement.clientHeight)
          .map((image) => image.decode().catch(() => undefined)),
      ),
    );
  await page.screenshot({ path: file, animations: 'disabled' });
  console.log(`${path.relative(root, file)}  ${Math.round(statSync(file).size / 1024)} KB`);
}

/** Every route of every role at 360 px, each once its data is drawn (no 'Loading...' left). */
async function shootEveryPhoneScreen() {
  const phoneDir = path.join(outputDir, 'phone');
  mkdirSync(phoneDir, { recursive: true });
  const [item] = await (await fetch(`${baseUrl}/api/item`)).json();
  for (const [role, routes] of Object.entries(EVERY_ROUTE)) {
    const context = await browser.newContext({ viewport: SMALL_PHONE, baseURL: baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, DEMO_ACCOUNTS[role]);
    await page.waitForURL((url) => url.pathname !== '/');
    for (const route of routes) {
      await page.goto(route.replace('{item}', item._id));
      await page.waitForLoadState('networkidle');
      await page.getByText('Loading...', { exact: true }).first().waitFor({ state: 'detached' });
      const name = route.replace('{item}', 'item').replace(/^\//, '').replace(/\//g, '-');
      await shoot(page, path.join(phoneDir, `${role}-${name}.png`));
    }
    await context.close();
  }
}

const { baseUrl, stop } = await startDemo();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // playwright-core gives each launch a fresh temporary profile; these keep Chromium off the network.
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  mkdirSync(outputDir, { recursive: true });
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: shot.viewport, baseURL: baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, shot.username);
    await page.waitForURL(`**${shot.home}`);
    if (shot.then) await page.goto(shot.then);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The screen's own content (not its loading state), then whatever it still fetches.
    await page.locator(shot.ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    // The pictures on screen decoded before the shot (lazy ones further down never load, so are not awaited).
    await shoot(page, path.join(outputDir, shot.file));
    await context.close();
  }
  await shootEveryPhoneScreen();
} finally {
  await browser.close();
  await stop();
}
