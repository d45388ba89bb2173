import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest config; `npm run test:unit` runs all but e2e, `npm run test:e2e` runs e2e.
// The log scan (tools/vitest.log-scan.config.ts) is no project here: it runs on its own after each
// of them, over the server logs they wrote.
export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default on this kind of two-core machine is one (cores - 1),
    // which leaves a core idle while integration tests wait on PostgreSQL; each file has its own
    // database, broker share group and ports, so files never see each other.
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'packages/i18n',
      'packages/simulator',
      'apps/server',
      'apps/web',
      'tools',
      'e2e',
    ],
  },
});
