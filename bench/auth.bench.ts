/**
 * bench:auth — request rate and p99 latency of an authenticated `GET /api/app/configuration` at 50
 * concurrent clients, and of token refresh (refresh_token grant, with rotation) at 50 concurrent
 * clients. The server is the real one (embedded PGlite unless DATABASE_URL is set), seeded with the
 * demo data; tokens come from its provider.
 */
import autocannon from 'autocannon';
import { OIDC_SCOPE } from '@homeward/contracts';
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const DEMO = { username: 'admin', password: 'Homeward!Demo1' };

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
}

async function token(baseUrl: string, form: Record<string, string>): Promise<TokenAnswer> {
  const response = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'branded', ...form }),
  });
  if (!response.ok) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenAnswer;
}

const signIn = (baseUrl: string) => token(baseUrl, { grant_type: 'password', scope: OIDC_SCOPE, ...DEMO });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function benchConfiguration(baseUrl: string): Promise<void> {
  const { access_token } = await signIn(baseUrl);
  const result = await autocannon({
    url: `${baseUrl}/api/app/configuration`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${access_token}`, 'accept-language': 'da' },
  });
  const failures = result.errors + result.timeouts + result.non2xx;
  console.log(
    `GET /api/app/configuration (authenticated), ${CONNECTIONS} clients, ${DURATION_S} s: ` +
      `${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms ` +
      `(p50 ${result.latency.p50} ms, ${result.requests.total} requests, ${failures} failures)`,
  );
}

/** Each client follows its own chain: every refresh returns the next refresh token to use. */
async function benchRefresh(baseUrl: string): Promise<void> {
  const chains = await Promise.all(Array.from({ length: CONNECTIONS }, () => signIn(baseUrl)));
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(
    chains.map(async (chain) => {
      let refreshToken = chain.refresh_token;
      while (performance.now() < deadline) {
        const began = performance.now();
        try {
          refreshToken = (await token(baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken }))
            .refresh_token;
          latencies.push(performance.now() - began);
        } catch {
          failures += 1;
          refreshToken = (await signIn(baseUrl)).refresh_token;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `token refresh (rotating), ${CONNECTIONS} clients, ${DURATION_S} s: ${(latencies.length / seconds).toFixed(0)} req/s, ` +
      `p99 ${percentile(latencies, 99).toFixed(0)} ms (p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
      `${latencies.length} refreshes, ${failures} failures)`,
  );
}

// With DATABASE_URL, a scratch database on that server, dropped afterwards (as the e2e journeys do).
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'hw_bench')
  : undefined;
const server = await launchServer({
  env: { LOG_LEVEL: 'error', DEMO_DATA: 'true', ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
});
try {
  console.log(
    `server: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, ${server.baseUrl}`,
  );
  await benchConfiguration(server.baseUrl);
  await benchRefresh(server.baseUrl);
} finally {
  await server.stop();
  await scratch?.drop();
}
