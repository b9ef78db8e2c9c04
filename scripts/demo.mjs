// `npm run demo`: the product on a fresh embedded database filled with a believable programme (contract
// "Beyond the spec: running the programme"; decision 019). The programme is written (server/src/demo) while
// the client and the server are built, then this process serves the folder as `npm start` does.
//   npm run demo                      seed ./data-demo and serve it (refuses a folder that has users)
//   npm run demo -- --fresh           delete ./data-demo first (only a demo's folder, never one in use or holding
//                                     a real programme's users)
//   npm run demo -- --data-dir=DIR    another folder; PORT chooses the port as for `npm start`
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureClientBuild, ensureServerBuild, serverEntry } from './builds.mjs';

const started = performance.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// server/src/demo/seed-demo.ts: refused, and it has printed why (nothing was written or deleted).
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

// The embedded database only: a DATABASE_URL in the environment must not receive the demo.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: process.env.NODE_ENV ?? 'development' };
console.log(`Writing the demo programme into ${shown} (embedded database)…`);
// The seeding process checks and prepares the folder (server/src/demo/demo-folder.ts: a file, a folder that is not
// the demo's, one a running demo or server holds, a real programme's database are refused with a sentence) and
// says "prepared" once it holds the folder and nothing stands in the way.
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'server/src/demo/seed-demo.ts'), ...(fresh ? ['--fresh'] : [])],
  {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  },
);
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
const seeding = new Promise((resolve) => child.on('close', (code) => resolve({ code })));
const prepared = await Promise.race([
  new Promise((resolve) => child.once('message', () => resolve(true))),
  seeding.then(() => false),
]);
// Built while the programme is written (a first build takes most of the time; later starts skip it), and only
// for a demo that will run: a refusal comes at once.
if (prepared) {
  ensureClientBuild();
  ensureServerBuild();
}
const { code } = await seeding;
if (code === REFUSED_EXIT_CODE) process.exit(1);
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
