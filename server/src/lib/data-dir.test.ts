import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir';

const modeOf = (folder: string) => statSync(folder).mode & 0o777;
const scratch = mkdtempSync(path.join(tmpdir(), 'rewards-datadir-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function recordingLogger() {
  const warnings: unknown[][] = [];
  return { warnings, logger: { warn: (...args: unknown[]) => void warnings.push(args) } };
}

describe('prepareDataDir', () => {
  it('when DATA_DIR does not exist, then it is created for the server’s user only, parents included, without a warning', async () => {
    const parent = path.join(scratch, 'nested');
    const dataDir = path.join(parent, 'data');
    const { warnings, logger } = recordingLogger();

    expect(await prepareDataDir(dataDir, logger)).toBeUndefined();

    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(parent)).toBe(0o700);
    expect(warnings).toEqual([]);
  });

  it('when an existing DATA_DIR is open to others, then start warns with the exact chmod command and leaves the folder as it was', async () => {
    const dataDir = path.join(scratch, "dealer's data");
    const { warnings, logger } = recordingLogger();
    await prepareDataDir(dataDir, logger);
    chmodSync(dataDir, 0o755);

    const warning = await prepareDataDir(dataDir, logger);

    expect(warning).toContain(`chmod -R go-rwx '${path.dirname(dataDir)}/dealer'\\''s data'`);
    expect(warning).toContain('mode 755');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[1]).toBe(warning);
    expect(modeOf(dataDir)).toBe(0o755);
  });

  it('when an existing DATA_DIR is private, then nothing is said', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'private-'));
    const { warnings, logger } = recordingLogger();
    expect(await prepareDataDir(dataDir, logger)).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});
