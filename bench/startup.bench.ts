/**
 * bench:startup — cold start time to the first healthy /api/health answer (fresh PGlite data folder,
 * migrations included); the gzip size of the JavaScript an anonymous first visit to the home route
 * loads by itself (counted in Chromium, see support/home-route-weight.ts), against the budget; the
 * scripts the visitor's first uses fetch later (reported, not budgeted: pointing at a link, opening
 * the language menu, signing in, which must reach the provider's sign-in page); and the bytes the
 * home route transfers as the server sends them to a client asking `Accept-Encoding: br, gzip`.
 * Run `npm run build` first (the npm script does).
 */
import path from 'node:path';
import { launchServer, REPO_ROOT } from '@homeward/tools/server-process';
import {
  gzipKbOfFile,
  gzipKbOfScripts,
  loadHomeRoute,
  scriptsNamedInIndexHtml,
  servedBytes,
  type Interaction,
} from './support/home-route-weight';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const HOME_ROUTE_BUDGET_KB = 170;
const ACCEPT_ENCODING = 'br, gzip';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A visitor's first uses of the home page, in this order (signing in leaves the page). */
const FIRST_USES: Interaction[] = [
  {
    action: 'pointing at a link of the app',
    run: (page) => page.getByTestId('nav-imprint').hover(),
  },
  {
    action: 'opening the language menu',
    run: async (page) => {
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('Escape');
    },
  },
  {
    action: 'clicking "Sign in" (until the provider\'s sign-in page shows)',
    run: async (page) => {
      await page.getByTestId('sign-in').click();
      await page.waitForURL(/\/account\/interaction\//);
    },
  },
];

async function measureStartup(): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const server = await launchServer();
    times.push(server.startupMs);
    await server.stop();
  }
  return times;
}

const times = await measureStartup();
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(
  `cold start to first healthy response: median ${median.toFixed(0)} ms over ${RUNS} runs (${times.map((t) => t.toFixed(0)).join(', ')} ms)`,
);

const distDir = path.join(REPO_ROOT, 'apps/web/dist');
const server = await launchServer();
try {
  const { initial: loaded, onDemand } = await loadHomeRoute(server.baseUrl, FIRST_USES);
  const scripts = gzipKbOfScripts(distDir, server.baseUrl, loaded);
  // The browser's count can only be at least what index.html names; fewer means a broken measurement.
  const named = scriptsNamedInIndexHtml(distDir);
  const missed = named.filter((file) => !scripts.some((script) => script.file === file));
  if (missed.length > 0) throw new Error(`the browser did not report loading ${missed.join(', ')}`);

  console.log(`home route (anonymous first visit), ${scripts.length} scripts:`);
  for (const entry of scripts) console.log(`  ${entry.file}: ${entry.kb.toFixed(1)} KB gzip`);
  const total = scripts.reduce((sum, entry) => sum + entry.kb, 0);
  console.log(
    `initial JS on the home route: ${total.toFixed(1)} KB gzip (budget ${HOME_ROUTE_BUDGET_KB} KB) ${total <= HOME_ROUTE_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`,
  );

  console.log("fetched later, by the visitor's first uses (not in the budget):");
  for (const { action, scripts: fetched } of onDemand) {
    const files = fetched.filter((file) => file.startsWith('/assets/'));
    const total = files.reduce((sum, file) => sum + gzipKbOfFile(distDir, file), 0);
    console.log(`  ${action}: ${files.length} script(s), ${total.toFixed(1)} KB gzip`);
    if (process.env.BENCH_LIST_FILES)
      for (const file of files) console.log(`    ${file}: ${gzipKbOfFile(distDir, file).toFixed(1)} KB`);
  }

  const byKind = new Map<string, { count: number; bytes: number; encodings: Set<string> }>();
  let transferred = 0;
  for (const resource of loaded) {
    const served = await servedBytes(resource.url, ACCEPT_ENCODING);
    transferred += served.bytes;
    const entry = byKind.get(resource.kind) ?? { count: 0, bytes: 0, encodings: new Set<string>() };
    entry.count += 1;
    entry.bytes += served.bytes;
    entry.encodings.add(served.encoding);
    byKind.set(resource.kind, entry);
  }
  console.log(`transferred on the home route with Accept-Encoding: ${ACCEPT_ENCODING} (bodies as served):`);
  for (const [kind, entry] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(
      `  ${kind}: ${entry.count} responses, ${kb(entry.bytes)} KB (${[...entry.encodings].sort().join(', ')})`,
    );
  }
  console.log(`  total: ${loaded.length} responses, ${kb(transferred)} KB`);
  const browserBytes = loaded.reduce((sum, resource) => sum + resource.browserBodyBytes, 0);
  const browserAccept = [...new Set(loaded.map((resource) => resource.browserAcceptEncoding))].join(' | ');
  console.log(`  as Chromium received it (Accept-Encoding: ${browserAccept}): ${kb(browserBytes)} KB`);

  if (total > HOME_ROUTE_BUDGET_KB) process.exitCode = 1;
} finally {
  await server.stop();
}
