// `npm run demo`: the product on a fresh embedded database filled with a believable programme (contract
// "Beyond the spec: running the programme"; decision 019). The programme is written (server/src/demo) while
// the client and the server are built, then this process serves the folder as `npm start` does.
//   npm run demo                      seed ./data-demo and serve it (refuses a folder that has users)
//   npm run demo -- --fresh           delete ./data-demo first (only a folder this script made)
//   npm run demo -- --data-dir=DIR    another folder; PORT chooses the port as for `npm start`
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureClientBuild, ensureServerBuild, serverEntry } from './builds.mjs';

const started = performance.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Marks a folder as the demo's own, so --fresh never deletes anything else.
const MARKER = '.rewards-demo';
const REFUSED_EXIT_CODE = 3;

const args = process.argv.slice(2);
const fresh = args.includes('--fresh');
const dataDirArgument = args.find((arg) => arg.startsWith('--data-dir='));
const dataDir = path.resolve(root, dataDirArgument ? dataDirArgument.slice('--data-dir='.length) : 'data-demo');
const shown = path.relative(process.cwd(), dataDir) || '.';

function stop(message) {
  console.error(message);
  process.exit(1);
}

if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
  if (!existsSync(path.join(dataDir, MARKER))) {
    stop(`${shown} is not empty and was not made by \`npm run demo\`: the demo leaves it alone. Choose another --data-dir.`);
  }
  if (fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`Deleted the previous demo in ${shown}.`);
  }
}
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
writeFileSync(path.join(dataDir, MARKER), 'Made by `npm run demo`; `npm run demo -- --fresh` deletes this folder.\n', {
  mode: 0o600,
});

// The embedded database only: a DATABASE_URL in the environment must not receive the demo.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: process.env.NODE_ENV ?? 'development' };
console.log(`Writing the demo programme into ${shown} (embedded database)…`);
const seeding = new Promise((resolve) => {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/demo/seed-demo.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.on('exit', (code) => resolve({ code, output }));
});
// Built while the programme is written (a first build takes most of the time; later starts skip it).
ensureClientBuild();
ensureServerBuild();
const { code, output } = await seeding;
if (code === REFUSED_EXIT_CODE) {
  stop(
    `${shown} already holds a demo programme; the demo never writes into a database that has data.\n` +
      `  Serve it as it is:      DATA_DIR=${shown} npm start\n` +
      `  Or start a new one:     npm run demo -- --fresh   (deletes ${shown} first)`,
  );
}
if (code !== 0) stop(`Writing the demo programme failed (exit code ${code}).`);

Object.assign(process.env, env);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);

// The server logs when it listens; the accounts are printed once it answers, so they are the last lines.
const port = process.env.PORT || '3000';
for (;;) {
  const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (healthy) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(output.trimEnd());
console.log(
  `\n  Demo ready in ${((performance.now() - started) / 1000).toFixed(1)} s at http://localhost:${port} (data in ${shown}).\n`,
);
