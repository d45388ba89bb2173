import { defineConfig } from 'vitest/config';

// Journeys drive real Chromium against the real server, one file at a time (2-core machines);
// system tests (restart, scale-out) run server processes of their own.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts', 'system/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
