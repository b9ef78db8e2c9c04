// `npm run build -w server`: the server as one JavaScript module (dist/index.js) that `npm start` runs with
// plain Node, so no TypeScript is compiled at start (issue 8; `npm run dev` still runs the sources with
// reload). Our own code and @app/common (TypeScript source, shared with the client) are bundled; every
// package from npm stays an import, resolved from node_modules as before.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(serverDir, 'dist');
const dependenciesOf = (dir) => Object.keys(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {});
const external = [...dependenciesOf(serverDir), ...dependenciesOf(path.join(serverDir, '..', 'common'))].filter(
  (name) => name !== '@app/common',
);

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverDir, 'src', 'index.ts')],
  outfile: path.join(outDir, 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  sourcemap: true,
  logLevel: 'warning',
});

// Files the server reads beside its code (new URL('./…', import.meta.url)); in the bundle, that is dist/.
cpSync(path.join(serverDir, 'src', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
cpSync(path.join(serverDir, 'src', 'lib', 'common-passwords.txt'), path.join(outDir, 'common-passwords.txt'));
// Run as a process of its own when a new embedded database is created (db/client.ts).
cpSync(path.join(serverDir, 'src', 'db', 'create-embedded-database.mjs'), path.join(outDir, 'create-embedded-database.mjs'));
for (const name of ['api-docs.js', 'api-docs.css']) {
  cpSync(path.join(serverDir, 'src', 'features', 'api-reference', name), path.join(outDir, name));
}
