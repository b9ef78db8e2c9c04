import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'rewards-lock-'));

describe('acquireDataDirLock', () => {
  it('when a live process holds the folder, then a second one is refused with a clear message', async () => {
    const dataDir = freshDir();
    // A lock file naming a process that is certainly alive (the test runner's parent).
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.ppid));

    await expect(acquireDataDirLock(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(/in use by another server/);
  });

  it('when the previous owner died without releasing, then the lock is taken over', async () => {
    const dataDir = freshDir();
    const finished = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(path.join(dataDir, 'server.lock'), finished.stdout.toString());

    const lock = await acquireDataDirLock(dataDir);

    expect(existsSync(lock.path)).toBe(true);
    await lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('when the lock is released, then the folder can be opened again', async () => {
    const dataDir = freshDir();
    const first = await acquireDataDirLock(dataDir);
    await first.release();
    const second = await acquireDataDirLock(dataDir);
    await second.release();
  });
});
