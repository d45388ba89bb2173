/**
 * bench:startup — cold start time to the first healthy /api/health answer (fresh PGlite data folder,
 * migrations included), and the gzip size of the JavaScript the home route loads initially.
 * Run `npm run build` first (the npm script does).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchServer, REPO_ROOT } from '@homeward/tools/server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const HOME_ROUTE_BUDGET_KB = 250;

async function measureStartup(): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const server = await launchServer();
    times.push(server.startupMs);
    await server.stop();
  }
  return times;
}

/** Entry script plus modulepreloaded chunks named in the built index.html: what `/` fetches first. */
function initialScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    sources.add(match[1]!);
  return [...sources];
}

function gzipKb(distDir: string, files: string[]): { file: string; kb: number }[] {
  return files.map((file) => {
    const bytes = readFileSync(path.join(distDir, file.replace(/^\//, '')));
    return { file, kb: gzipSync(bytes).length / 1024 };
  });
}

const times = await measureStartup();
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(
  `cold start to first healthy response: median ${median.toFixed(0)} ms over ${RUNS} runs (${times.map((t) => t.toFixed(0)).join(', ')} ms)`,
);

const distDir = path.join(REPO_ROOT, 'apps/web/dist');
const sizes = gzipKb(distDir, initialScripts(distDir));
const total = sizes.reduce((sum, entry) => sum + entry.kb, 0);
for (const entry of sizes) console.log(`  ${entry.file}: ${entry.kb.toFixed(1)} KB gzip`);
console.log(
  `initial JS on the home route: ${total.toFixed(1)} KB gzip (budget ${HOME_ROUTE_BUDGET_KB} KB) ${total <= HOME_ROUTE_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`,
);
if (total > HOME_ROUTE_BUDGET_KB) process.exitCode = 1;
