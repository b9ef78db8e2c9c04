// Imported first by the browser's entry (client/src/main.tsx), before any schema exists: zod 4 probes
// `new Function('')` when it builds an object schema, to decide whether to compile faster parsers, and our
// Content-Security-Policy forbids eval, so the browser reported the probe on every page (issue 8). Jitless
// mode never probes. The server does not import this and keeps the compiled parsers.
//
// zod keeps its configuration on globalThis.__zod_globalConfig and adopts an object already there when it
// loads (the way two copies of zod share one configuration). Setting it here rather than calling zod's
// config() keeps zod itself out of the login screen's download (issue 8); jitless.test.ts proves zod reads
// it, and a browser journey proves the login screen reports no CSP violation.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
// A module (not a script), so it can be imported for its effect alone.
export {};
