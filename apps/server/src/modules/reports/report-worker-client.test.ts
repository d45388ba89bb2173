import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInTenantCallers } from '../../test/sign-in';
import { REPORT_BATCH_SIZE } from './report-definitions';
import { CSV_BOM } from './report-csv';
import type { ReportRequest } from './report-stream';
import { openReportStream, runningReportWorkers, streamReportFromWorker } from './report-worker-client';
import type { ReportWorkerJob } from './report-worker-job';
import { parseCsv } from './reports-test-support';

let t: TestApp;
let tenantId: string;
let otherTenantId: string;
/**
 * Six batches of about 110 bytes a row: several times what the pipe and the body's buffer hold, so
 * a worker whose body nobody reads waits on back-pressure and is still running when a test acts.
 */
const ROWS = REPORT_BATCH_SIZE * 6;
const request: ReportRequest = {
  kind: 'security-logs',
  format: 'csv',
  period: { from: '2026-05-01', to: '2026-05-01' },
  language: 'en',
};
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await buildTestApp();
  ({ tenantId, otherTenantId } = await signInTenantCallers(t, { admin: ['Homeward.Reports'], viewer: [] }));
  await t.database.db
    .execute(sql`insert into security_logs (id, tenant_id, identity, action, user_name, created_at)
    select gen_random_uuid(), ${tenantId}::uuid, 'Identity', 'LoginSucceeded', 'row ' || n,
      timestamptz '2026-05-01 00:00:00+00' + n * interval '1 millisecond'
    from generate_series(1, ${ROWS}) as n`);
});
afterAll(async () => {
  await t.close();
});

const jobFor = (scopeTenantId: string, databaseUrl = t.database.url!): ReportWorkerJob => ({
  databaseUrl,
  scope: { scope: { kind: 'tenant', tenantId: scopeTenantId } },
  request,
});

async function readText(body: Readable): Promise<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let text = '';
  for await (const chunk of body) text += decoder.decode(chunk as Buffer, { stream: true });
  return text;
}

/** The one worker running now (each test starts one). */
function theRunningWorker() {
  expect(runningReportWorkers.size).toBe(1);
  return [...runningReportWorkers][0]!;
}

describe('where a report streams from', () => {
  it('streams from a report worker on PostgreSQL, in this process on PGlite, with the same rows', async () => {
    const body = await openReportStream(
      t.database,
      t.config,
      jobFor(tenantId).scope,
      request,
      () => undefined,
    );
    expect(runningReportWorkers.size).toBe(onPostgres ? 1 : 0);
    const text = await readText(body);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(parseCsv(text.slice(1)).slice(1)).toHaveLength(ROWS);
    expect(runningReportWorkers.size).toBe(0);
  });
});

describe.skipIf(!onPostgres)('report worker', () => {
  it('reads in the caller’s tenant scope: another tenant’s scope gets none of the rows', async () => {
    const text = await readText(await streamReportFromWorker(jobFor(otherTenantId), () => undefined));
    expect(parseCsv(text.slice(1))).toHaveLength(1); // the header line only
  });

  it('rejects cleanly when it fails before the first byte, and the API node lives on', async () => {
    const url = new URL(t.database.url!);
    url.pathname = '/homeward_no_such_database';
    const errors: unknown[] = [];
    await expect(
      streamReportFromWorker(jobFor(tenantId, url.href), (error) => errors.push(error)),
    ).rejects.toThrow(/report worker failed: .*homeward_no_such_database/);
    expect(errors).toEqual([]);
    expect(runningReportWorkers.size).toBe(0);
  });

  it('cuts the body off when the worker dies after the first bytes, never ending it as whole', async () => {
    const errors: Error[] = [];
    const body = await streamReportFromWorker(jobFor(tenantId), (error) => errors.push(error));
    const worker = theRunningWorker();
    const chunks = body[Symbol.asyncIterator]();
    expect((await chunks.next()).done).toBe(false);
    worker.kill('SIGKILL');
    const readRest = async () => {
      for (let next = await chunks.next(); !next.done; next = await chunks.next());
    };
    await expect(readRest()).rejects.toThrow(/report worker failed: exit SIGKILL/);
    expect(errors).toHaveLength(1);
  });

  it('stops the worker when the client goes away', async () => {
    const body = await streamReportFromWorker(jobFor(tenantId), () => undefined);
    const worker = theRunningWorker();
    const closed = once(worker, 'close');
    body.destroy();
    const [code, signal] = (await closed) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    expect(runningReportWorkers.size).toBe(0);
  });
});
