import { spawn } from 'node:child_process';

/**
 * `npm run test:e2e:journeys`: the e2e files in `E2E_SHARDS` shards (default 2) at the same time,
 * each a vitest process of its own (`--shard=i/n`) whose global setup starts its own server on its
 * own scratch database. Journeys wait much of their time on the browser and the server, so two
 * shards on two cores take little more than half as long as one after another, and shards share no
 * data. Each shard writes `test-results/e2e-<i>.json`; its lines are printed with a `[e2e i/n]`
 * prefix as they come. The exit code is non-zero when any shard fails.
 */
const DEFAULT_SHARDS = 2;

function shardCount(): number {
  const value = Number(process.env.E2E_SHARDS ?? DEFAULT_SHARDS);
  if (!Number.isInteger(value) || value < 1) throw new Error(`E2E_SHARDS must be a whole number ≥ 1`);
  return value;
}

/** Writes a child's output line by line with a prefix, so the shards' lines never mix mid-line. */
function prefixed(prefix: string, write: (text: string) => void) {
  let rest = '';
  return {
    push(chunk: Buffer) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) write(`${prefix} ${line}\n`);
    },
    end() {
      if (rest) write(`${prefix} ${rest}\n`);
      rest = '';
    },
  };
}

function runShard(index: number, count: number): Promise<number> {
  const args = [
    '--no-install',
    'vitest',
    'run',
    '--project',
    'e2e',
    `--shard=${index}/${count}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=test-results/e2e-${index}.json`,
  ];
  const child = spawn('npx', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  const prefix = `[e2e ${index}/${count}]`;
  const out = prefixed(prefix, (text) => process.stdout.write(text));
  const err = prefixed(prefix, (text) => process.stderr.write(text));
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`${prefix} ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => {
      out.end();
      err.end();
      resolve(code ?? 1);
    });
  });
}

async function main(): Promise<void> {
  const count = shardCount();
  const started = Date.now();
  const codes = await Promise.all(Array.from({ length: count }, (_, i) => runShard(i + 1, count)));
  const failed = codes.flatMap((code, i) => (code === 0 ? [] : [`${i + 1}/${count}`]));
  process.stdout.write(`e2e: ${count} shards in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  if (failed.length > 0) {
    process.stderr.write(`e2e shards failed: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

await main();
