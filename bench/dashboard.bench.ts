/**
 * bench:dashboard — the dashboard's two reads against 100,000 devices over 50 tenants, at 20
 * concurrent clients: the devices page (sorted by last seen, filtered by status) and the chart's
 * counts. Budget: p99 under 100 ms.
 *
 * The devices are bulk-inserted with SQL (as the database owner, between two server runs), because
 * registering 100,000 watches through the API would take longer than the measurement itself; the
 * requests then go through the real server with its row-level security.
 */
import autocannon from 'autocannon';
import { launchServer } from '@homeward/tools/server-process';
import { createBenchDatabase, runSql, seedWhileStopped } from './support/bulk-seeded-server';
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

const database = await createBenchDatabase();
try {
  // First run: migrations and the demo tenant; then the bulk rows while no server holds the files.
  const seconds = await seedWhileStopped(database, (db) =>
    runSql(db, [SEED_SQL(Math.floor(DEVICES / TENANTS))]),
  );
  console.log(
    `database: ${database.label}; ` +
      `seeded ${DEVICES.toLocaleString('en')} devices over ${TENANTS} tenants in ${seconds.toFixed(1)} s`,
  );
  const server = await launchServer({ env: database.env });
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
  await database.drop();
}
