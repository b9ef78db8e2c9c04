// `npm start`: one process serving the API under /api and the built client for every other path. Both are
// built first when missing or older than their sources; the server then runs as compiled JavaScript in this
// same process, so SIGTERM/SIGINT reach it directly.
import { pathToFileURL } from 'node:url';
import { ensureClientBuild, ensureServerBuild, serverEntry } from './builds.mjs';

ensureClientBuild();
ensureServerBuild();
// Stack traces in the logs name the TypeScript sources (dist/index.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
