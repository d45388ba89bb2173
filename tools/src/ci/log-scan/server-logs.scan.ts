import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../server-process';
import { describeFindings, scanLogFolder } from './log-secrets';

/**
 * Runs after the suites that wrote server logs (`npm run test:unit`: the integration test apps;
 * `npm run test:e2e`: the servers the journeys start) and fails with file:line for every secret in
 * them. LOG_SCAN_DIR names the folder; by default the integration tests' logs.
 */
const folder = path.resolve(REPO_ROOT, process.env.LOG_SCAN_DIR ?? 'test-results/server-logs/integration');

it(`finds no password, hash, token, MQTT or TOTP secret or CPR number in ${path.relative(REPO_ROOT, folder)}`, () => {
  const scan = scanLogFolder(folder);
  expect(describeFindings(scan.findings), `${scan.files} files, ${scan.lines} lines scanned`).toBe('');
});
