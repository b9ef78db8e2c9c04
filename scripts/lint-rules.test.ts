// The lint rules that keep the code's shape (eslint.config.js), tried on probe files written beside real ones so
// they are linted exactly as the project's own: a rule that stopped firing would let the shape drift silently.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A feature folder of its own (server features are found by folder), removed afterwards.
const probeDir = path.join(root, 'server', 'src', 'features', `lint-probe-${process.pid}`);

const write = (name: string, code: string) => {
  const file = path.join(probeDir, name);
  writeFileSync(file, code);
  return file;
};

async function ruleIdsOf(files: string[]): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, cache: false });
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

beforeAll(() => mkdirSync(probeDir, { recursive: true }));
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

describe('lint: no import cycles (import-x/no-cycle, issue 31)', () => {
  it('when two modules import each other at run time, then lint refuses both', async () => {
    const first = write(
      'first.service.ts',
      "import { second } from './second.service';\nexport const first = (): number => second() + 1;\n",
    );
    const second = write(
      'second.service.ts',
      "import { first } from './first.service';\nexport const second = (): number => first() - 1;\n",
    );

    const rules = await ruleIdsOf([first, second]);
    expect(rules.filter((rule) => rule === 'import-x/no-cycle')).toHaveLength(2);
  }, 120_000);

  it('when one of the two imports only a type, then there is no cycle at run time and lint accepts them', async () => {
    const first = write(
      'third.service.ts',
      "import { fourth } from './fourth.service';\nexport type Third = { n: number };\nexport const third = (): number => fourth().n;\n",
    );
    const fourth = write(
      'fourth.service.ts',
      "import type { Third } from './third.service';\nexport const fourth = (): Third => ({ n: 1 });\n",
    );

    expect(await ruleIdsOf([first, fourth])).not.toContain('import-x/no-cycle');
  }, 120_000);
});

describe('lint: services reach the tables through their repository (issue 31)', () => {
  it('when a service imports db/schema, then lint refuses it; its repository may', async () => {
    const service = write('tables.service.ts', "import { users } from '../../db/schema';\nexport const table = users;\n");
    const repository = write('tables.repository.ts', "import { users } from '../../db/schema';\nexport const table = users;\n");

    const eslint = new ESLint({ cwd: root, cache: false });
    const [serviceResult, repositoryResult] = await eslint.lintFiles([service, repository]);
    expect(serviceResult!.messages.map((message) => message.ruleId)).toContain('import-x/no-restricted-paths');
    expect(repositoryResult!.messages.map((message) => message.ruleId)).not.toContain('import-x/no-restricted-paths');
  }, 120_000);
});

describe('lint: no unused exports (knip, issue 31)', () => {
  it('when a module exports what nothing imports, then knip names it; what is imported, or used in its own file, passes', () => {
    write(
      'probe-lib.ts',
      'export const used = 1;\nexport const unusedProbeExport = 2;\nexport const inFile = 3;\nexport const doubled = inFile * 2;\n',
    );
    write('probe-entry.ts', "import { doubled, used } from './probe-lib';\nconsole.log(used, doubled);\n");
    // The project's own knip.json with the probe as one more entry of the server's workspace.
    const config = JSON.parse(readFileSync(path.join(root, 'knip.json'), 'utf8')) as {
      workspaces: Record<string, { entry?: string[] }>;
    };
    const server = config.workspaces.server!;
    server.entry = [...(server.entry ?? []), `src/features/${path.basename(probeDir)}/probe-entry.ts`];
    const configFile = path.join(probeDir, 'knip.json');
    writeFileSync(configFile, JSON.stringify(config));

    const run = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules', 'knip', 'bin', 'knip.js'),
        '--config',
        configFile,
        '--workspace',
        'server',
        '--reporter',
        'compact',
      ],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );

    expect(run.status).toBe(1);
    expect(run.stdout).toContain('probe-lib.ts: unusedProbeExport');
    expect(run.stdout).not.toMatch(/\b(used|inFile|doubled)\b(?!ProbeExport)/);
  }, 60_000);
});
