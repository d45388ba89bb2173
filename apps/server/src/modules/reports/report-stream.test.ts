import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signInTenantCallers, type TestTokens } from '../../test/sign-in';
import { REPORT_BATCH_SIZE } from './report-definitions';
import { CSV_BOM } from './report-csv';
import { parseCsv, readXlsx } from './reports-test-support';

let t: TestApp;
let admin: TestTokens;
let baseUrl: string;
/** More than two batches, so the keyset must carry over twice. */
const ROWS = REPORT_BATCH_SIZE * 2 + 123;

beforeAll(async () => {
  t = await buildTestApp();
  let tenantId: string;
  ({ admin, tenantId } = await signInTenantCallers(t, { admin: ['Homeward.Reports'], viewer: [] }));
  // Entries a microsecond apart, several sharing one time: the cursor must keep microseconds and
  // break ties by id, or rows at a batch boundary would be skipped or repeated.
  await t.database.db
    .execute(sql`insert into security_logs (id, tenant_id, identity, action, user_name, created_at)
    select gen_random_uuid(), ${tenantId}::uuid, 'Identity', 'LoginSucceeded', 'row ' || n,
      timestamptz '2026-05-01 00:00:00+00' + (n / 3) * interval '1 microsecond'
    from generate_series(1, ${ROWS}) as n`);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const fetchReport = (path: string) =>
  fetch(`${baseUrl}${path}`, { headers: { ...bearer(admin), 'accept-language': 'en' } });

describe('streamed reports', () => {
  it('streams the CSV over HTTP in chunks, with every row once, in order', async () => {
    const response = await fetchReport('/api/reports/security-logs.csv?from=2026-05-01&to=2026-05-01');
    expect(response.status).toBe(200);
    // Streamed: no length known up front, so the body comes chunked.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    let chunks = 0;
    // Keep the byte order mark: it is part of what is checked.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let text = '';
    for await (const chunk of response.body!) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const rows = parseCsv(text.slice(1)).slice(1);
    expect(rows).toHaveLength(ROWS);
    const numbers = rows.map((row) => Number(row[3]!.slice('row '.length)));
    expect(new Set(numbers).size).toBe(ROWS);
    // Ordered by time: numbers of a time come together, and times never go back.
    const times = rows.map((row) => row[0]!);
    expect([...times].sort()).toEqual(times);
  });

  it('streams the xlsx the same way, readable back with every row', async () => {
    const response = await fetchReport('/api/reports/security-logs.xlsx?from=2026-05-01&to=2026-05-01');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const body = Buffer.from(await response.arrayBuffer());
    const sheet = (await readXlsx(body)).get('Security logs')!;
    expect(sheet).toHaveLength(ROWS + 1);
    expect(new Set(sheet.slice(1).map((row) => row[3])).size).toBe(ROWS);
  });
});
