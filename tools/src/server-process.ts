import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, two folders above this file. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  baseUrl: string;
  port: number;
  /** The server's process id (benches read its CPU time). */
  pid: number;
  /** Milliseconds from spawn to the first healthy `/api/health` answer. */
  startupMs: number;
  /** Everything the server printed, for diagnosing a failed start. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface LaunchOptions {
  env?: Record<string, string | undefined>;
  /** Give up waiting for health after this long. */
  timeoutMs?: number;
  /** Also append everything the server prints to this file (journeys read e-mails from the log). */
  logFile?: string;
  /** Listen on this port (a restart keeps its address) instead of a free one. */
  port?: number;
  /** Keep data (PGlite) in this folder, which outlives the process, instead of a scratch one. */
  dataDir?: string;
}

/**
 * Node flags the server always runs with; `npm start` (package.json `start:server`) passes the same.
 * A young generation of 64 MB semi-spaces: a device report's objects live for its batch's
 * transaction (about 0.1 s under load), and with the default 16 MB they outlived the young
 * generation, were promoted and cost full collections. bench:ingest: the server's CPU per report
 * fell by about a third, reports per second rose by about a quarter.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * The METRICS_TOKEN every launched server gets (random per launching process): benches read the
 * gateways' counters on the main port with it, and no server of ours opens the fixed metrics port.
 */
export const LAUNCHED_SERVER_METRICS_TOKEN = randomBytes(24).toString('base64url');

/** Asks the OS for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the real server (`apps/server/src/main.ts`) as a child process on a free port, with its own
 * scratch data folder, and resolves once `/api/health` answers 200.
 */
export async function launchServer(options: LaunchOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'homeward-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MQTT_PORT: '0',
    // Never the fixed device ports: parallel runs and a developer's own server would collide.
    GATEWAY_OSMAND_PORT: '0',
    GATEWAY_WATCH_PORT: '0',
    METRICS_PORT: '0',
    METRICS_TOKEN: LAUNCHED_SERVER_METRICS_TOKEN,
    // No simulated demo watches: tests and benches drive devices themselves.
    DEMO_SIMULATOR_DEVICES: '0',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  };
  const started = performance.now();
  // SERVER_NODE_ARGS: extra node flags for the server only, e.g. `--cpu-prof` to profile a bench.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const scanned = scannedLogFile(port);
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.logFile) appendFileSync(options.logFile, chunk);
    if (scanned) appendFileSync(scanned, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let startupMs = -1;
  while (Date.now() < deadline) {
    const state = await Promise.race([exited.then(() => 'exited' as const), probeHealth(baseUrl)]);
    if (state === 'exited') throw new Error(`Server exited during start-up:\n${output}`);
    if (state) {
      startupMs = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  if (startupMs < 0) {
    child.kill('SIGKILL');
    throw new Error(`Server did not become healthy in time:\n${output}`);
  }

  return {
    baseUrl,
    port,
    pid: child.pid!,
    startupMs,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Under `npm run test:e2e` (SERVER_LOG_DIR set) each server's output is also kept in a file of its
 * own there, which the log scan reads after the journeys: no secret may reach a log line.
 */
function scannedLogFile(port: number): string | undefined {
  const folder = process.env.SERVER_LOG_DIR;
  if (!folder) return undefined;
  const absolute = path.resolve(REPO_ROOT, folder);
  mkdirSync(absolute, { recursive: true });
  return path.join(absolute, `server-${port}-${Date.now()}.log`);
}

async function probeHealth(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`);
    return response.status === 200;
  } catch {
    return false;
  }
}
