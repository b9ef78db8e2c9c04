// `npm start`: one process serving the API under /api and the built client for every other path.
import { register } from 'tsx/esm/api';
import { ensureClientBuild } from './client-build.mjs';

ensureClientBuild();
// The server is TypeScript run through tsx in this same process, so SIGTERM/SIGINT reach it directly.
register();
await import('../server/src/index.ts');
