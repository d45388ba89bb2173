import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';
import { expect } from 'vitest';
import { createLogger } from '../platform/logging/logger';

/**
 * Where integration test apps write their logs: one file per app, scanned for secrets after the
 * suite (tools/src/ci/log-scan, `npm run test:unit`). The folder is emptied at the start of that run.
 */
export const INTEGRATION_LOG_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test-results/server-logs/integration',
);

/** The log level test apps log at: what production logs by default, request lines included. */
const TEST_LOG_LEVEL = 'info';

let appsInThisProcess = 0;

export interface CapturedLog {
  logger: Logger;
  file: string;
  /** Writes what is buffered and closes the file. */
  close(): Promise<void>;
}

/**
 * A logger with the process configuration (`createLogger`: its redaction, serializers and message
 * scrubbing) writing JSON lines to a file of its own. Writes are asynchronous and buffered (4 KB),
 * so logging costs a test little; `close()` flushes them.
 */
export function captureTestLog(): CapturedLog {
  mkdirSync(INTEGRATION_LOG_FOLDER, { recursive: true });
  const testFile = expect.getState().testPath;
  const name = testFile ? path.basename(testFile).replace(/\.test\.ts$/, '') : 'app';
  appsInThisProcess += 1;
  const file = path.join(INTEGRATION_LOG_FOLDER, `${name}.${process.pid}.${appsInThisProcess}.log`);
  const destination = pino.destination({ dest: file, sync: false, minLength: 4096 });
  const logger = createLogger({ logLevel: TEST_LOG_LEVEL, nodeEnv: 'test' }, { destination });
  return {
    logger,
    file,
    close: () =>
      new Promise<void>((resolve, reject) => {
        destination.once('close', () => resolve());
        destination.once('error', reject);
        destination.end();
      }),
  };
}
