/**
 * bench:reports — the device-alarms report over 1,000,000 alarms, downloaded through the real HTTP
 * route as CSV and as xlsx. Prints rows/s and the peak RSS of every process involved; budget: the
 * process that streams the report stays under 200 MB.
 *
 * PostgreSQL only (DATABASE_URL; a scratch database is made and dropped): embedded PGlite would
 * hold the data in the server's own memory and measure the database, not the report. (On PGlite the
 * server streams reports in its own process; on PostgreSQL each download runs in a report worker,
 * a child process of the API server: apps/server/src/modules/reports/report-worker.ts.) The alarms
 * are bulk-inserted with SQL as the owner between two server runs (entity-change triggers off for
 * the insert), spread over Demo Kommune's watches and the last twelve months, each acknowledged and
 * handled some seconds after it was raised. The requests then go through the real server, as
 * Demo Kommune's admin, with row-level security.
 *
 * Memory, from /proc/<pid>/status, sampled every 25 ms while a download runs, for the API server
 * (the launched child process) and every process below it (the report worker): the peak resident
 * set seen (VmRSS), and VmHWM, the kernel's high-water mark of the process over its whole life. The
 * API server's VmHWM includes its start-up; a worker's is its last reading before it exited (at
 * most 25 ms before). The budget applies to the process that streams: the worker when one ran.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

function memoryOf(pid: number): { rssMb: number; hwmMb: number } | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined; // exited between listing and reading
  }
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** The process and everything below it, from /proc/<pid>/task/<tid>/children. */
function processTree(pid: number): number[] {
  const found = [pid];
  for (let index = 0; index < found.length; index += 1) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${found[index]}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${found[index]}/task/${task}/children`, 'utf8');
        found.push(...children.split(' ').filter(Boolean).map(Number));
      } catch {
        // the task ended meanwhile
      }
    }
  }
  return found;
}

function roleOf(pid: number, serverPid: number): string {
  if (pid === serverPid) return 'API server';
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (command.some((part) => part.endsWith('report-worker.ts'))) return 'report worker';
    return path.basename(command[0] ?? 'process');
  } catch {
    return 'process';
  }
}

interface ProcessPeak {
  pid: number;
  role: string;
  peakRssMb: number;
  hwmMb: number;
  /** CPU seconds (user + system) at the first and the last sample (0 at the first for a process started during the download). */
  cpuAtStart: number;
  cpuSeconds: number;
}

/** utime + stime from /proc/<pid>/stat, in seconds (clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Downloads one report, counting bytes and CSV records as they arrive, sampling every process. */
async function download(baseUrl: string, token: string, serverPid: number, path: string) {
  const peaks = new Map<number, ProcessPeak>();
  const sample = () => {
    for (const pid of processTree(serverPid)) {
      const memory = memoryOf(pid);
      if (!memory) continue;
      const peak = peaks.get(pid) ?? {
        pid,
        role: roleOf(pid, serverPid),
        peakRssMb: 0,
        hwmMb: 0,
        cpuAtStart: 0,
        cpuSeconds: 0,
      };
      peak.cpuSeconds = Math.max(peak.cpuSeconds, cpuSecondsOf(pid));
      peak.peakRssMb = Math.max(peak.peakRssMb, memory.rssMb);
      peak.hwmMb = Math.max(peak.hwmMb, memory.hwmMb);
      peaks.set(pid, peak);
    }
  };
  sample();
  for (const peak of peaks.values()) peak.cpuAtStart = peak.cpuSeconds;
  const sampler = setInterval(sample, 25);
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
    sample();
    return { seconds, bytes, lineBreaks, processes: [...peaks.values()] };
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
    const idle = memoryOf(server.pid)!;
    console.log(
      `API server pid ${server.pid}: RSS ${idle.rssMb.toFixed(0)} MB after start-up (VmHWM ${idle.hwmMb.toFixed(0)} MB)`,
    );
    for (const format of FORMATS) {
      const result = await download(
        server.baseUrl,
        token,
        server.pid,
        `/api/reports/device-alarms.${format}`,
      );
      const rowsOut = format === 'csv' ? result.lineBreaks - 1 : Number(rows[0]!.count);
      const worker = result.processes.find((entry) => entry.role === 'report worker');
      const streamer = worker ?? result.processes.find((entry) => entry.pid === server.pid)!;
      console.log(
        `device-alarms.${format}: ${rowsOut.toLocaleString('en')} rows in ${result.seconds.toFixed(1)} s ` +
          `= ${Math.round(rowsOut / result.seconds).toLocaleString('en')} rows/s, ${(result.bytes / 1048576).toFixed(0)} MB; ` +
          `streamed by the ${streamer.role} (pid ${streamer.pid})`,
      );
      for (const entry of result.processes) {
        const verdict = entry.hwmMb < BUDGET_RSS_MB ? 'within' : 'over';
        console.log(
          `  ${entry.role} pid ${entry.pid}${entry === streamer ? ' (streams)' : ''}: ` +
            `peak RSS during the download ${entry.peakRssMb.toFixed(0)} MB, VmHWM ${entry.hwmMb.toFixed(0)} MB ` +
            `(${verdict} the ${BUDGET_RSS_MB} MB budget); CPU ${(entry.cpuSeconds - entry.cpuAtStart).toFixed(1)} s during the download`,
        );
      }
    }
  } finally {
    await server.stop();
  }
} finally {
  await scratch.drop();
}
