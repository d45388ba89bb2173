import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest config; `npm run test:unit` runs all but e2e, `npm run test:e2e` runs e2e.
// The log scan (tools/vitest.log-scan.config.ts) is no project here: it runs on its own after each
// of them, over the server logs they wrote.
export default defineConfig({
  test: {
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
