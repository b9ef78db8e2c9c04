// `npm run test:e2e`: browser journeys in the system Chromium against a real server process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
