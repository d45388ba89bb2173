import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Prints one closing line for CI, `tests: N passed, N failed, N skipped`, summed over the vitest
 * JSON reports in `test-results/` (unit + integration, the scan of their server logs, then e2e and
 * the scan of its servers' logs). Exits non-zero when a report is missing or no test ran, so a
 * silent or empty run, or one whose logs were never scanned for secrets, can never pass for green.
 */
interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const folder = path.resolve(process.argv[2] ?? 'test-results');
/** The e2e files run in shards (run-e2e-shards.ts), each with a report of its own. */
const e2eShards = Number(process.env.E2E_SHARDS ?? 2);
const e2eReports = Array.from({ length: e2eShards }, (_, i) => `e2e-${i + 1}.json`);
const expected = ['unit.json', 'log-scan.json', ...e2eReports, 'log-scan-e2e.json'];
const missing = expected.filter((name) => !existsSync(path.join(folder, name)));
const reports = existsSync(folder)
  ? readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as VitestJsonReport)
  : [];

const total = (pick: (report: VitestJsonReport) => number) =>
  reports.reduce((sum, report) => sum + pick(report), 0);
const passed = total((report) => report.numPassedTests);
const failed = total((report) => report.numFailedTests);
const skipped = total((report) => report.numPendingTests + report.numTodoTests);

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (missing.length > 0) console.log(`missing test reports: ${missing.join(', ')}`);
process.exit(missing.length > 0 || passed === 0 || failed > 0 ? 1 : 0);
