import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkModuleBoundaries } from './module-boundaries';

/** A server source tree of the given files (path under apps/server/src → text) in a scratch directory. */
function serverTree(files: Record<string, string>): string {
  const baseDir = mkdtempSync(path.join(tmpdir(), 'module-boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(baseDir, 'apps/server/src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return baseDir;
}

/** Two modules and platform within the rules: a uses b through b's public entry. */
const WITHIN_THE_RULES = {
  'platform/db/database.ts': 'export const database = {};\n',
  'modules/b/b.service.ts':
    "import { database } from '../../platform/db/database';\nexport const b = database;\n",
  'modules/b/b.schema.ts': 'export const bTable = {};\n',
  'modules/b/index.ts': "export { b } from './b.service';\n",
  'modules/a/a.service.ts':
    "import { b } from '../b';\nimport { bTable } from '../b/b.schema';\nexport const a = [b, bTable];\n",
  'modules/a/index.ts': "export { a } from './a.service';\n",
  // Tests may reach another module's internals.
  'modules/a/a.service.test.ts': "import { b } from '../b/b.service';\nexport const used = b;\n",
  'app.ts':
    "import { a } from './modules/a';\nimport { b } from './modules/b/b.service';\nexport const app = [a, b];\n",
};

describe('checkModuleBoundaries', () => {
  const trees: string[] = [];
  const check = (files: Record<string, string>) => {
    const baseDir = serverTree(files);
    trees.push(baseDir);
    return checkModuleBoundaries(baseDir);
  };
  afterEach(() => {
    for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
  });

  it('passes a tree within the rules', async () => {
    const result = await check(WITHIN_THE_RULES);
    expect(result.output).toMatch(/^module boundaries: ok/);
    expect(result.ok).toBe(true);
  });

  it('fails when platform imports a module', async () => {
    const result = await check({
      ...WITHIN_THE_RULES,
      'platform/audit/audit-log.ts': "import { a } from '../../modules/a';\nexport const audit = a;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('platform-imports-no-module');
  });

  it("fails when platform's test code imports a module", async () => {
    const result = await check({
      ...WITHIN_THE_RULES,
      'platform/db/database.test.ts':
        "import { bTable } from '../../modules/b/b.schema';\nexport const used = bTable;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain(
      'platform-imports-no-module: apps/server/src/platform/db/database.test.ts',
    );
  });

  it("fails when a module reaches past another's public entry", async () => {
    const result = await check({
      ...WITHIN_THE_RULES,
      'modules/a/a.jobs.ts': "import { b } from '../b/b.service';\nexport const job = b;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('module-public-entry: apps/server/src/modules/a/a.jobs.ts');
  });

  it('fails on a cycle between modules that no file cycle shows', async () => {
    const result = await check({
      ...WITHIN_THE_RULES,
      'modules/b/b.jobs.ts': "import { a } from '../a';\nexport const job = a;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('Module-level import cycles');
    expect(result.output).toContain('1. modules/a, modules/b');
    expect(result.output).not.toContain('no-circular');
  });
});
