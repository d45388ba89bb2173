// Module boundaries of the server (apps/server/src), checked by `npm run lint` through
// tools/src/ci/module-boundaries.ts, which runs these rules and adds the one dependency-cruiser cannot
// express: no cycle between modules (files collapsed to their module folder), only between files.
// `npx depcruise --config .dependency-cruiser.cjs apps/server/src` runs the file-level rules alone.
//
// The parts: `modules/<name>/` are features; `platform/` is infrastructure and knows no feature;
// the composition root (`app.ts`, `main.ts`, `module-routes.ts`, `schema.ts`, `seed/`) wires them,
// and its `integration/` holds the tests of the assembled app (platform against the modules' tables).
//
// A module's public entries are `index.ts` (what other modules may call) and its `*.schema.ts` (its
// tables). The database is one schema whose foreign keys run both ways between features (a tenant's
// owner is a user and a user belongs to a tenant; a watch is worn by a citizen and a citizen wears a
// watch), so table definitions and the queries that join them name other modules' tables directly,
// and the cycle rules leave out such table references (`--report` of the checker lists the cycles
// they form). A table import is data, not a call; it never runs another module's code.
//
// Test code is exempt from the module rules but the first: tests, their support files and fixtures,
// the isolation cases and `src/test/` may reach any module's internals, since they set up and
// inspect rows the public entry has no reason to offer. platform-imports-no-module holds for
// platform's tests too: a test that needs a module (its tables, the assembled app) tests the
// assembled app and lives in `integration/`. Keep TEST_CODE and TABLES in step with
// tools/src/ci/module-graph.ts.

const TEST_CODE =
  '(\\.test|[-.]test-support|test-helpers|\\.isolation|\\.fixture|-test-client|-test-callers)\\.ts$|^apps/server/src/test/';
const TABLES = '\\.schema\\.ts$';
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const PLATFORM = `${SERVER}platform/`;
/** The composition root: every server file outside `modules/` and `platform/`. */
const COMPOSITION_ROOT = `${SERVER}(?!modules/|platform/)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment:
        'platform/ is infrastructure and knows no feature: a module passes what platform needs in at composition (app.ts). Its tests too: one that needs a module goes in integration/.',
      from: { path: PLATFORM },
      to: { path: MODULES },
    },
    {
      name: 'platform-imports-no-composition-root',
      severity: 'error',
      comment:
        'platform/ must not reach the features through the composition root (schema.ts, seed/, app.ts) either.',
      from: { path: PLATFORM, pathNot: TEST_CODE },
      to: { path: COMPOSITION_ROOT, pathNot: TEST_CODE },
    },
    {
      name: 'modules-import-no-composition-root',
      severity: 'error',
      comment: 'A module is wired by the composition root; it does not import it (schema.ts, seed/, app.ts).',
      from: { path: MODULES, pathNot: TEST_CODE },
      to: { path: COMPOSITION_ROOT, pathNot: TEST_CODE },
    },
    {
      name: 'module-public-entry',
      severity: 'error',
      comment:
        'A module imports another only through its public entry, modules/<name>/index.ts (or its tables, <name>.schema.ts).',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TEST_CODE },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`, `${MODULES}[^/]+/[^/]+${TABLES}`],
      },
    },
    {
      name: 'no-circular-between-parts',
      severity: 'error',
      comment:
        'No file-level import cycle that leaves its module (or platform); tools/src/ci/module-boundaries.ts also forbids cycles between modules.',
      from: { path: `${SERVER}(modules/[^/]+|platform)/`, pathNot: [TEST_CODE, TABLES] },
      to: {
        circular: true,
        via: { pathNot: `${SERVER}$1/` },
        viaOnly: { pathNot: TEST_CODE },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a module that names another's types depends on it, even if nothing of it runs.
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
