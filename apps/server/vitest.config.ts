import { defineConfig } from 'vitest/config';

// Integration tests start real databases (PGlite, or a scratch PostgreSQL database) per file.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/overlapping-queries-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
