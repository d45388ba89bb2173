/**
 * bench:dashboard — the dashboard's two reads against 100,000 devices over 50 tenants, at 20
 * concurrent clients: the devices page (sorted by last seen, filtered by status) and the chart's
 * counts. Budget: p99 under 100 ms.
 *
 * The devices are bulk-inserted with SQL (as the database owner, between two server runs), because
 * registering 100,000 watches through the API would take longer than the measurement itself; the
 * requests then go through the real server with its row-level security.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';
import { demoAccessToken } from '@homeward/simulator';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 50);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const BUDGET_P99_MS = 100;

/**
 * Adds `TENANTS - 1` tenants to Demo Kommune, one organization each, and spreads the devices over
 * all of them with a mix of statuses, batteries and last-seen times.
 */
const SEED_SQL = (perTenant: number) => `
insert into tenants (id, name)
  select gen_random_uuid(), 'Bench tenant ' || g from generate_series(1, ${TENANTS - 1}) g;
insert into organization_units (id, tenant_id, code, display_name)
  select gen_random_uuid(), t.id, '09001', 'Bench unit'
  from tenants t where t.name like 'Bench tenant %' or t.name = 'Demo Kommune';
insert into devices (id, tenant_id, organization_id, name, imei, status, battery, network_status, last_seen_at)
  select gen_random_uuid(), u.tenant_id, u.id, 'Bench watch ' || g,
         lpad((u.n * 1000000 + g)::text, 14, '0') || '0',
         (array['online','offline','offlineAlarmHandled','outsideGeofence','lowBatteryWarningHandled','unknown'])[1 + g % 6],
         (g * 37) % 101, 'connected', now() - (g % 5000) * interval '1 minute'
  from (select ou.*, row_number() over (order by ou.id) as n
          from organization_units ou where ou.display_name = 'Bench unit') u,
       generate_series(1, ${perTenant}) g;
analyze;
`;

async function seed(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const sql = SEED_SQL(Math.floor(DEVICES / TENANTS));
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  } else {
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    await client.exec(sql);
    await client.close();
  }
}

async function measure(url: string, token: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'hw_bench')
  : undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'homeward-bench-'));
const env = {
  LOG_LEVEL: 'error',
  DEMO_DATA: 'true',
  DATA_DIR: dataDir,
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
};
try {
  // First run: migrations and the demo tenant; then the bulk rows while no server holds the files.
  await (await launchServer({ env })).stop();
  const started = performance.now();
  await seed(scratch?.url, dataDir);
  console.log(
    `database: ${scratch ? 'PostgreSQL (DATABASE_URL, scratch database)' : 'embedded PGlite'}; ` +
      `seeded ${DEVICES.toLocaleString('en')} devices over ${TENANTS} tenants in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await launchServer({ env });
  try {
    const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
    const requests = [
      {
        label: 'devices page (sorted by last seen, status online)',
        path: '/api/devices?sorting=lastSeenAt%20desc&status=online&skipCount=0&maxResultCount=25',
      },
      { label: 'chart counts (/api/devices/summary)', path: '/api/devices/summary' },
    ];
    console.log(`${CONNECTIONS} clients, ${DURATION_S} s each, as the tenant admin of Demo Kommune`);
    for (const request of requests) {
      const figures = await measure(`${server.baseUrl}${request.path}`, token);
      const verdict = figures.p99 < BUDGET_P99_MS ? 'within' : 'over';
      console.log(
        `${request.label}: p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${Math.round(figures.rps)} req/s, ` +
          `${figures.failures} failures (${verdict} the ${BUDGET_P99_MS} ms p99 budget)`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
}
