// Builds the client when its build is missing or older than any of its sources (README "Quick start").
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'client', 'dist', 'index.html');
const sources = [
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
  'client/postcss.config.cjs',
  'client/package.json',
  'common/src',
].map((relative) => path.join(root, relative));

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestModification(path.join(target, entry))),
    stats.mtimeMs,
  );
}

export function clientBuildIsCurrent() {
  if (!existsSync(builtIndex)) return false;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.every((source) => newestModification(source) <= builtAt);
}

export function ensureClientBuild() {
  if (clientBuildIsCurrent()) return;
  console.log('Building the client (its build is missing or older than its sources)…');
  // NODE_ENV is forced: a test runner's NODE_ENV=test would otherwise give a development build of React.
  const result = spawnSync('npm', ['run', 'build', '-w', 'client'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The client build failed.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureClientBuild();
