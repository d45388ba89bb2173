/**
 * bench:reports — the device-alarms report over 1,000,000 alarms, downloaded through the real HTTP
 * route as CSV and as xlsx. Prints rows/s and the server's peak RSS; budget: under 200 MB.
 *
 * PostgreSQL only (DATABASE_URL; a scratch database is made and dropped): embedded PGlite would
 * hold the data in the server's own memory and measure the database, not the report. The alarms
 * are bulk-inserted with SQL as the owner between two server runs (entity-change triggers off for
 * the insert), spread over Demo Kommune's watches and the last twelve months, each acknowledged and
 * handled some seconds after it was raised. The requests then go through the real server, as
 * Demo Kommune's admin, with row-level security.
 *
 * Memory is the server process's (a child process): its resident set sampled every 25 ms from
 * /proc/<pid>/status while a download runs (peak during the download), and VmHWM, the kernel's
 * high-water mark of the process over its whole life (start-up included), read after each download.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';
import { demoAccessToken } from '@homeward/simulator';

const ALARMS = Number(process.env.BENCH_ALARMS ?? 1_000_000);
const BUDGET_RSS_MB = 200;
const FORMATS = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];

const SEED_SQL = `
alter table alarms disable trigger user;
with tenant as (select id from tenants where name = 'Demo Kommune'),
     watches as (select array_agg(d.id order by d.id) as ids from devices d where d.tenant_id = (select id from tenant))
insert into alarms (id, tenant_id, device_id, kind, state, count, first_at, last_at,
                    acknowledged_at, handled_at, note)
  select gen_random_uuid(), (select id from tenant), w.ids[1 + g % array_length(w.ids, 1)],
         (array['sos','fall','removal','outsideGeofence','offline','lowBattery','general'])[1 + g % 7],
         'handled', 1 + g % 3, at, at,
         at + (5 + g % 595) * interval '1 second',
         at + (60 + g % 3540) * interval '1 second',
         case when g % 10 = 0 then 'Visited, all fine' end
  from watches w, generate_series(1, ${ALARMS}) g,
       lateral (select now() - interval '365 days' + (g::float8 / ${ALARMS}) * interval '364 days' as at) t;
alter table alarms enable trigger user;
analyze alarms;
`;

function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** Downloads one report, counting bytes and CSV records as they arrive, sampling the server's RSS. */
async function download(baseUrl: string, token: string, pid: number, path: string) {
  let peakRssMb = memoryOf(pid).rssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, memoryOf(pid).rssMb);
  }, 25);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        ...(process.env.BENCH_ENCODING ? { 'accept-encoding': process.env.BENCH_ENCODING } : {}),
      },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lineBreaks = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lineBreaks += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, bytes, lineBreaks, peakRssMb, hwmMb: memoryOf(pid).hwmMb };
  } finally {
    clearInterval(sampler);
  }
}

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:reports needs DATABASE_URL (PostgreSQL); it makes and drops a scratch database there.',
  );
  process.exit(1);
}
const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'hw_bench');
const env = { LOG_LEVEL: 'error', DEMO_DATA: 'true', DEMO_SIMULATOR_DEVICES: '0', DATABASE_URL: scratch.url };
try {
  // First run: migrations and the demo tenant; then the bulk rows while no server runs.
  await (await launchServer({ env })).stop();
  const seedStarted = performance.now();
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await client.query(SEED_SQL);
  const { rows } = await client.query<{ count: string }>('select count(*) from alarms');
  await client.end();
  console.log(
    `database: PostgreSQL (scratch database); seeded ${ALARMS.toLocaleString('en')} alarms ` +
      `(${Number(rows[0]!.count).toLocaleString('en')} in all) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  const server = await launchServer({ env });
  try {
    const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
    const idle = memoryOf(server.pid);
    console.log(
      `server pid ${server.pid}: RSS ${idle.rssMb.toFixed(0)} MB after start-up (VmHWM ${idle.hwmMb.toFixed(0)} MB)`,
    );
    for (const format of FORMATS) {
      const result = await download(
        server.baseUrl,
        token,
        server.pid,
        `/api/reports/device-alarms.${format}`,
      );
      const rowsOut = format === 'csv' ? result.lineBreaks - 1 : Number(rows[0]!.count);
      const verdict = result.hwmMb < BUDGET_RSS_MB ? 'within' : 'over';
      console.log(
        `device-alarms.${format}: ${rowsOut.toLocaleString('en')} rows in ${result.seconds.toFixed(1)} s ` +
          `= ${Math.round(rowsOut / result.seconds).toLocaleString('en')} rows/s, ${(result.bytes / 1048576).toFixed(0)} MB; ` +
          `server peak RSS during the download ${result.peakRssMb.toFixed(0)} MB, VmHWM ${result.hwmMb.toFixed(0)} MB ` +
          `(${verdict} the ${BUDGET_RSS_MB} MB budget)`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await scratch.drop();
}
