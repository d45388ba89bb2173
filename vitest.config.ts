import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest config; `npm run test:unit` runs all but e2e, `npm run test:e2e` runs e2e.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/i18n', 'apps/server', 'apps/web', 'tools', 'e2e'],
  },
});
