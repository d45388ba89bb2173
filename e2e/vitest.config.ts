import { defineConfig } from 'vitest/config';

// Journeys drive real Chromium against the real server, one file at a time per shard: `npm test`
// runs two shards side by side (tools/src/ci/run-e2e-shards.ts, `--shard=i/2`), each with its own
// server and database from the global setup. System tests (restart, scale-out) run server processes
// of their own.
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
