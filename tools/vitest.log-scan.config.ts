import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The log scan: run on its own after the suites that write server logs (`npm run test:unit`,
// `npm run test:e2e`), never beside them, so it reads finished log files.
export default defineConfig({
  test: {
    name: 'log-scan',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/ci/log-scan/*.scan.ts'],
  },
});
