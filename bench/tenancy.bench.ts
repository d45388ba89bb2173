/**
 * bench:tenancy — p50 and p99 latency of a paged list endpoint (`GET /api/devices`, 25 per page, as
 * the tenant admin of Demo Kommune) at 50 concurrent clients, with row-level security on and with
 * it off (RLS_DISABLED_FOR_BENCHMARK, a bench-only switch), and the overhead ratio. Each run gets a
 * fresh server and data: 300 watches in the tenant and 300 in another tenant.
 */
import autocannon from 'autocannon';
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';
import { imeiOf } from './support/bench-api';
import { demoAccessToken } from '@homeward/simulator';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const DEVICES_PER_TENANT = 300;

async function postJson(baseUrl: string, token: string, url: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A second tenant with its own administrator, whose watches the measured list must skip. */
async function otherTenantAdmin(baseUrl: string): Promise<string> {
  const host = await demoAccessToken(baseUrl, 'admin');
  const adminEmail = 'other.admin@bench.example';
  const response = await postJson(baseUrl, host, '/api/tenants', {
    name: 'Bench Other Tenant',
    comment: '',
    nationalLogin: false,
    adminEmail,
    adminPassword: 'Homeward!Demo1',
  });
  if (response.status !== 201) throw new Error(`tenant failed: ${response.status} ${await response.text()}`);
  return demoAccessToken(baseUrl, adminEmail);
}

async function seedDevices(baseUrl: string, token: string, offset: number): Promise<void> {
  const unit = await postJson(baseUrl, token, '/api/identity/organization-units', {
    displayName: `Bench unit ${offset}`,
    parentId: null,
  });
  if (unit.status !== 201) throw new Error(`organization failed: ${unit.status} ${await unit.text()}`);
  const organizationId = ((await unit.json()) as { id: string }).id;
  for (let index = 0; index < DEVICES_PER_TENANT; index += 1) {
    const response = await postJson(baseUrl, token, '/api/devices', {
      name: `Watch ${offset + index}`,
      imei: imeiOf(35_100_000_000_000 + offset + index),
      organizationId,
    });
    if (response.status !== 201)
      throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  }
}

async function measure(
  rlsOff: boolean,
): Promise<{ p50: number; p99: number; rps: number; failures: number }> {
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'hw_bench')
    : undefined;
  const server = await launchServer({
    env: {
      LOG_LEVEL: 'error',
      DEMO_DATA: 'true',
      RLS_DISABLED_FOR_BENCHMARK: String(rlsOff),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
  });
  try {
    const tenantAdmin = await demoAccessToken(server.baseUrl, 'kommune.admin');
    // Another tenant's watches: rows of another scope that the list must skip.
    await seedDevices(server.baseUrl, await otherTenantAdmin(server.baseUrl), 0);
    await seedDevices(server.baseUrl, tenantAdmin, DEVICES_PER_TENANT);
    const result = await autocannon({
      url: `${server.baseUrl}/api/devices?skipCount=50&maxResultCount=25&sorting=name%20asc`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { authorization: `Bearer ${tenantAdmin}` },
    });
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      failures: result.errors + result.timeouts + result.non2xx,
    };
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL, scratch database)' : 'embedded PGlite'}`,
);
const on = await measure(false);
const off = await measure(true);
const line = (label: string, m: typeof on) =>
  `${label}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps.toFixed(0)} req/s, ${m.failures} failures`;
console.log(`GET /api/devices (page of 25), ${CONNECTIONS} clients, ${DURATION_S} s each`);
console.log(line('row-level security on ', on));
console.log(line('row-level security off', off));
const overhead = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)}%`;
console.log(
  `overhead with RLS: p50 ${overhead(on.p50, off.p50)}, p99 ${overhead(on.p99, off.p99)} (target at most 10%)`,
);
