// The builds `npm start` runs, each only when its output is missing or older than any of its sources
// (README "Quick start"): the client (Vite) and the server (server/build.mjs, compiled JavaScript).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const BUILDS = {
  client: {
    output: 'client/dist/index.html',
    sources: [
      'client/src',
      'client/public',
      'client/index.html',
      'client/vite.config.ts',
      'client/build',
      'client/postcss.config.cjs',
      'client/package.json',
      'common/src',
    ],
    command: ['npm', 'run', 'build', '-w', 'client'],
  },
  server: {
    output: 'server/dist/index.js',
    sources: ['server/src', 'server/build.mjs', 'server/package.json', 'common/src'],
    command: ['npm', 'run', 'build', '-w', 'server'],
  },
};

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestModification(path.join(target, entry))),
    stats.mtimeMs,
  );
}

export function buildIsCurrent(name) {
  const { output, sources } = BUILDS[name];
  const outputFile = path.join(root, output);
  if (!existsSync(outputFile)) return false;
  const builtAt = statSync(outputFile).mtimeMs;
  return sources.every((source) => newestModification(path.join(root, source)) <= builtAt);
}

export function ensureBuild(name) {
  if (buildIsCurrent(name)) return;
  console.log(`Building the ${name} (its build is missing or older than its sources)…`);
  const [command, ...args] = BUILDS[name].command;
  // NODE_ENV is forced: a test runner's NODE_ENV=test would otherwise give a development build of React.
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    console.error(`The ${name} build failed.`);
    process.exit(result.status ?? 1);
  }
}

export const ensureClientBuild = () => ensureBuild('client');
export const ensureServerBuild = () => ensureBuild('server');

/** The compiled server's entry, as `npm start` runs it. */
export const serverEntry = path.join(root, BUILDS.server.output);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureClientBuild();
  ensureServerBuild();
}
