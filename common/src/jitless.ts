import { z } from 'zod';

// Imported first by the browser's entry (client/src/main.tsx), before any schema exists: zod 4 probes
// `new Function('')` when it builds an object schema, to decide whether to compile faster parsers, and our
// Content-Security-Policy forbids eval, so the browser reported the probe on every page (issue 8). Jitless
// mode never probes. The server does not import this and keeps the compiled parsers.
z.config({ jitless: true });
