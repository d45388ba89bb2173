import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/testing-library-setup.ts'],
    // A guard against a hung test, not a timing check: two test files run at once on two cores, and
    // a screen test's first render (MUI, a lazy chunk) has taken over vitest's default 5 s there.
    testTimeout: 20_000,
    // MUI's many small modules bundled once by Vite, so each test file imports them faster.
    deps: { optimizer: { client: { enabled: true } } },
  },
});
