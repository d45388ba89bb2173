import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './platform/db/test-database';
import { freePort } from './test/free-port';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Run {
  child: ReturnType<typeof spawn>;
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Starts main.ts with exactly the given variables (plus PATH), as an operator would. */
function startServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
      GATEWAY_OSMAND_PORT: '0',
      GATEWAY_WATCH_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited };
}

async function waitForHealth(url: string, run: Run): Promise<Response> {
  let finished = false;
  void run.exited.then(() => (finished = true));
  for (;;) {
    if (finished) throw new Error(`server exited: ${(await run.exited).stderr}`);
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('start-up', () => {
  it('stops with one line naming PORT when it is not a port', async () => {
    const { code, stdout, stderr } = await startServer({ PORT: 'abc' }).exited;
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")\n');
    expect(stdout).toBe('');
  });

  it('stops with one line naming DATABASE_URL when the database cannot be reached', async () => {
    const { code, stderr } = await startServer({ DATABASE_URL: 'postgres://nobody:pw@127.0.0.1:1/x' }).exited;
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^Cannot connect to DATABASE_URL \(postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/x\): .*ECONNREFUSED/,
    );
  });

  it('serves health after migrating, and shuts down cleanly on SIGTERM', async () => {
    const scratch = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'homeward-main-'));
    try {
      const port = await freePort();
      const run = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...(scratch?.url ? { DATABASE_URL: scratch.url } : {}),
        ...(process.env.MQTT_URL ? { MQTT_URL: process.env.MQTT_URL } : {}),
      });
      const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, run);
      expect(((await health.json()) as { database: { kind: string } }).database.kind).toBe(
        scratch ? 'postgres' : 'pglite',
      );
      run.child.kill('SIGTERM');
      const { code, stderr } = await run.exited;
      expect(stderr).toBe('');
      expect(code).toBe(0);
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts the device gateways on their ports and closes them on SIGTERM', async () => {
    const scratch = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'homeward-main-'));
    try {
      const [port, osmandPort, watchPort] = [await freePort(), await freePort(), await freePort()];
      const run = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        GATEWAY_OSMAND_PORT: String(osmandPort),
        GATEWAY_WATCH_PORT: String(watchPort),
        ...(scratch?.url ? { DATABASE_URL: scratch.url } : {}),
        ...(process.env.MQTT_URL ? { MQTT_URL: process.env.MQTT_URL } : {}),
      });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, run);
      // A stranger's report: the OsmAnd port answers (400 for an unknown device), nothing is stored.
      const report = await fetch(`http://127.0.0.1:${osmandPort}/?id=356938035643809&lat=56&lon=10`);
      expect(report.status).toBe(400);
      const watch = connect(watchPort, '127.0.0.1');
      await new Promise<void>((resolve, reject) => {
        watch.once('connect', () => resolve());
        watch.once('error', reject);
      });
      watch.destroy();
      run.child.kill('SIGTERM');
      const { code, stderr } = await run.exited;
      expect(stderr).toBe('');
      expect(code).toBe(0);
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
