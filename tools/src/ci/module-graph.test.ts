import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  cycleEdges,
  partCycles,
  partGraph,
  platformImportsIntoModules,
  serverPartOf,
  TABLES,
  TEST_CODE,
  type FileImport,
} from './module-graph';

interface ForbiddenRule {
  name: string;
  from: { pathNot?: string | string[] };
}
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as {
  forbidden: ForbiddenRule[];
};

const src = (file: string) => `apps/server/src/${file}`;
const edge = (from: string, to: string, typeOnly = false): FileImport => ({
  from: src(from),
  to: src(to),
  typeOnly,
});

describe('serverPartOf', () => {
  it('collapses a file to its module, platform or the composition root', () => {
    expect(serverPartOf(src('modules/users/users.service.ts'))).toBe('modules/users');
    expect(serverPartOf(src('modules/gateways/watch/watch-server.ts'))).toBe('modules/gateways');
    expect(serverPartOf(src('modules/module-dependencies.ts'))).toBe('modules/module-dependencies.ts');
    expect(serverPartOf(src('platform/db/database.ts'))).toBe('platform');
    expect(serverPartOf(src('app.ts'))).toBe('root');
    expect(serverPartOf(src('seed/demo-data.ts'))).toBe('root');
    expect(serverPartOf('apps/web/src/main.tsx')).toBeUndefined();
  });
});

describe('platformImportsIntoModules', () => {
  it('lists only imports from platform into a module', () => {
    const imports = [
      edge('platform/audit/audit-log.ts', 'modules/settings/settings.schema.ts'),
      edge('modules/users/users.service.ts', 'platform/db/database.ts'),
      edge('app.ts', 'modules/users/users.routes.ts'),
    ];
    expect(platformImportsIntoModules(imports)).toEqual([imports[0]]);
  });
});

describe('partCycles', () => {
  it('finds a cycle between modules that no single file cycle shows', () => {
    const imports = [
      edge('modules/a/a.service.ts', 'modules/b/index.ts'),
      edge('modules/b/index.ts', 'modules/b/b.service.ts'),
      edge('modules/b/b.jobs.ts', 'modules/c/index.ts'),
      edge('modules/c/c.service.ts', 'modules/a/a.repository.ts', true),
      edge('modules/d/d.service.ts', 'modules/a/index.ts'),
    ];
    const graph = partGraph(imports);
    const cycles = partCycles(graph);
    expect(cycles).toEqual([['modules/a', 'modules/b', 'modules/c']]);
    expect(cycleEdges(graph, cycles[0]!).map((found) => found.from)).toEqual([
      src('modules/a/a.service.ts'),
      src('modules/b/b.jobs.ts'),
      src('modules/c/c.service.ts'),
    ]);
  });

  it('leaves out test code', () => {
    const imports = [
      edge('modules/a/a.service.ts', 'modules/b/index.ts'),
      edge('modules/b/b.routes.test.ts', 'modules/a/a.service.ts'),
      edge('modules/b/b-test-support.ts', 'modules/a/a.service.ts'),
      edge('modules/b/b.isolation.ts', 'modules/a/a.service.ts'),
      edge('test/given.ts', 'modules/a/a.service.ts'),
    ];
    expect(partCycles(partGraph(imports))).toEqual([]);
  });

  it("counts references to another module's tables only when asked", () => {
    const imports = [
      edge('modules/tenants/tenants.schema.ts', 'modules/users/users.schema.ts'),
      edge('modules/users/users.schema.ts', 'modules/tenants/tenants.schema.ts'),
    ];
    expect(partCycles(partGraph(imports))).toEqual([]);
    expect(partCycles(partGraph(imports, true))).toEqual([['modules/tenants', 'modules/users']]);
  });

  it('sees platform and the composition root as one part each', () => {
    const imports = [
      edge('modules/a/a.service.ts', 'platform/db/database.ts'),
      edge('platform/audit/audit-log.ts', 'modules/a/a.service.ts'),
      edge('app.ts', 'modules/b/b.routes.ts'),
      edge('modules/b/b.service.ts', 'seed/demo-data.ts'),
    ];
    expect(partCycles(partGraph(imports))).toEqual([
      ['modules/a', 'platform'],
      ['modules/b', 'root'],
    ]);
  });
});

describe('.dependency-cruiser.cjs', () => {
  it('exempts the same test code and tables as the module graph', () => {
    const pathNot = (name: string) =>
      [config.forbidden.find((found) => found.name === name)!.from.pathNot ?? []]
        .flat()
        .map((pattern) => new RegExp(pattern).source);
    expect(pathNot('module-public-entry')).toEqual([TEST_CODE.source]);
    expect(pathNot('no-circular-between-parts')).toEqual([TEST_CODE.source, TABLES.source]);
    // Platform's tests know no feature either.
    expect(pathNot('platform-imports-no-module')).toEqual([]);
  });
});
