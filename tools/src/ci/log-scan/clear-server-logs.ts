import { rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../server-process';

/**
 * Empties a server-log folder before the suites that fill it (`npm run test:unit`, `npm run
 * test:e2e`), so the log scan after them reads this run's logs only. Usage: `clear-server-logs.ts
 * <folder>`, relative to the repository root.
 */
const folder = process.argv[2];
if (!folder) throw new Error('usage: clear-server-logs.ts <folder>');
rmSync(path.resolve(REPO_ROOT, folder), { recursive: true, force: true });
