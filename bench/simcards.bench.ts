/**
 * bench:simcards — uploads 10,000 SIM cards through the real HTTP route `POST /api/simcards/upload`
 * as the Demo Kommune admin, and prints rows per second and the server's peak RSS. Three passes:
 * one request of 10,000 new SIMs, the same file again (10,000 unchanged: nothing is created twice),
 * and 10,000 other new SIMs the way the web app sends them (chunks of SIMCARD_UPLOAD_CHUNK_ROWS).
 * The server is the real one (embedded PGlite unless DATABASE_URL is set), with the demo data.
 */
import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import {
  hasValidLuhnCheckDigit,
  SIMCARD_UPLOAD_CHUNK_ROWS,
  type SimcardUploadResult,
} from '@homeward/contracts';
import { demoAccessToken } from '@homeward/simulator';
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';

const ROWS = 10_000;

const withCheckDigit = (body: string) =>
  [...'0123456789'].map((digit) => `${body}${digit}`).find(hasValidLuhnCheckDigit)!;

/** `count` SIM lines with consecutive ICCIDs and numbers from random bases, so runs never clash. */
function simLines(count: number): string[] {
  const iccidBase = randomInt(10 ** 9, 10 ** 10 - count);
  const numberBase = randomInt(10_000_000, 99_999_999 - count);
  return Array.from(
    { length: count },
    (_, index) =>
      `${withCheckDigit(`89450000${iccidBase + index}`)},+46${numberBase + index},Telia,Bench batch ${index % 50}`,
  );
}

const HEADER = 'iccid,msisdn,operator,note';

/** The server process's peak resident set (VmHWM), in MB; Linux only. */
function peakRssMb(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? (kb / 1024).toFixed(0) : 'n/a';
  } catch {
    return 'n/a';
  }
}

async function upload(
  baseUrl: string,
  token: string,
  csv: string,
  lineOffset = 0,
): Promise<SimcardUploadResult> {
  const response = await fetch(`${baseUrl}/api/simcards/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ csv, lineOffset }),
  });
  if (!response.ok) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as SimcardUploadResult;
}

async function timed(label: string, pid: number, work: () => Promise<SimcardUploadResult[]>): Promise<void> {
  const started = performance.now();
  const results = await work();
  const seconds = (performance.now() - started) / 1000;
  const sum = (key: 'created' | 'updated' | 'unchanged' | 'failed') =>
    results.reduce((total, result) => total + result[key], 0);
  console.log(
    `${label.padEnd(44)} ${(ROWS / seconds).toFixed(0).padStart(6)} rows/s  (${seconds.toFixed(2)} s; ` +
      `${sum('created')} created, ${sum('unchanged')} unchanged, ${sum('updated')} updated, ${sum('failed')} failed)  ` +
      `server peak RSS so far ${peakRssMb(pid)} MB`,
  );
}

const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'hw_bench')
  : undefined;
const server = await launchServer({
  env: { LOG_LEVEL: 'error', DEMO_DATA: 'true', ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
});
try {
  const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
  console.log(
    `bench:simcards on ${scratch ? 'PostgreSQL' : 'PGlite'}; server RSS after start ${peakRssMb(server.pid)} MB (peak)`,
  );
  const file = [HEADER, ...simLines(ROWS)].join('\n');
  console.log(`file: ${ROWS} lines, ${(file.length / 1024).toFixed(0)} KB`);
  await timed('one request, 10,000 new SIMs', server.pid, async () => [
    await upload(server.baseUrl, token, file),
  ]);
  await timed('same file again (nothing created twice)', server.pid, async () => [
    await upload(server.baseUrl, token, file),
  ]);
  const lines = simLines(ROWS);
  await timed(`web chunks of ${SIMCARD_UPLOAD_CHUNK_ROWS}, 10,000 other new SIMs`, server.pid, async () => {
    const results: SimcardUploadResult[] = [];
    for (let start = 0; start < ROWS; start += SIMCARD_UPLOAD_CHUNK_ROWS) {
      const chunk = [HEADER, ...lines.slice(start, start + SIMCARD_UPLOAD_CHUNK_ROWS)].join('\n');
      results.push(await upload(server.baseUrl, token, chunk, start));
    }
    return results;
  });
  console.log(`server peak RSS: ${peakRssMb(server.pid)} MB`);
} finally {
  await server.stop();
  await scratch?.drop();
}
