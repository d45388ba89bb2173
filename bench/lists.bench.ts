/**
 * bench:lists — p50 and p99 latency of the paged list endpoints that page, sort and search on the
 * server, against a large tenant. Each scenario (bench/lists/*.scenario.ts) gets a fresh server and
 * scratch database with the demo data, seeds its rows as the Demo Kommune admin (or the host's
 * admin; rows too many for the API are bulk-inserted with SQL between a first and the measured
 * server start), then each of its requests is timed with autocannon. BENCH_SCENARIOS=customers,…
 * runs some only.
 */
import autocannon from 'autocannon';
import { launchServer } from '@homeward/tools/server-process';
import { createBenchDatabase, runSql, seedWhileStopped } from './support/bulk-seeded-server';
import { customersScenario } from './lists/customers.scenario';
import { householdsScenario } from './lists/households.scenario';
import { organizationsScenario } from './lists/organizations.scenario';
import type { ListScenario, ScenarioContext } from './lists/list-scenario';
import { demoAccessToken } from '@homeward/simulator';

/** Every scenario; another list adds its import and one entry here. */
const SCENARIOS: ListScenario[] = [customersScenario, organizationsScenario, householdsScenario];

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);

async function runScenario(scenario: ListScenario): Promise<void> {
  const database = await createBenchDatabase();
  const bulkSeedSql = scenario.bulkSeedSql;
  if (bulkSeedSql) {
    const seconds = await seedWhileStopped(database, (db) => runSql(db, bulkSeedSql));
    console.log(`${scenario.name}: bulk rows in ${seconds.toFixed(1)} s`);
  }
  const server = await launchServer({ env: database.env });
  try {
    const ctx: ScenarioContext = {
      baseUrl: server.baseUrl,
      token: await demoAccessToken(server.baseUrl, scenario.asHost ? 'admin' : 'kommune.admin'),
    };
    const started = performance.now();
    await scenario.seed(ctx);
    console.log(`${scenario.name}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const request of await scenario.requests(ctx)) {
      const result = await autocannon({
        url: `${ctx.baseUrl}${request.path}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { authorization: `Bearer ${ctx.token}` },
      });
      const failures = result.errors + result.timeouts + result.non2xx;
      console.log(
        `  ${request.label.padEnd(32)} p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${result.requests.average.toFixed(0)} req/s  ${failures} failures`,
      );
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

const wanted = process.env.BENCH_SCENARIOS?.split(',').map((name) => name.trim());
console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL, scratch database)' : 'embedded PGlite'}; ${CONNECTIONS} clients, ${DURATION_S} s per request`,
);
for (const scenario of SCENARIOS.filter((each) => !wanted || wanted.includes(each.name))) {
  await runScenario(scenario);
}
