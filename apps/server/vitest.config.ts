import { defineConfig } from 'vitest/config';

// Integration tests start real databases (PGlite, or a scratch PostgreSQL database) per file.
export default defineConfig({
  test: {
    name: 'server',
    // The files of a worker share the modules it loaded (most of the server) instead of loading
    // them again for each file: every app a test builds holds its own caches, counters and
    // settings (buildApp), and no test mocks a module, so files still share no state.
    isolate: false,
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/overlapping-queries-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
