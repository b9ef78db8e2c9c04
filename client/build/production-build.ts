import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The real production build (vite.config.ts, every plugin of it) into a new temporary folder, for the
 * client-build tests; returns the folder. Vitest sets NODE_ENV=test and Vite honours it: without forcing
 * production here, React's development build would be measured.
 */
export async function buildClientForTest(name: string): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), `client-${name}-`));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      root: clientDir,
      configFile: path.join(clientDir, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}
