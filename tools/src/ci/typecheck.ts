import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * `npm run typecheck`: one `tsc --noEmit` per workspace, as many at a time as the machine has cores
 * (tsc uses one core, and the eight projects one after another took minutes on two cores). Each
 * project's output is printed whole when it ends, so lines of two projects never interleave; the
 * exit code is non-zero when any project has an error.
 */
export const TYPECHECK_PROJECTS = [
  'apps/web',
  'apps/server',
  'packages/contracts',
  'packages/i18n',
  'packages/simulator',
  'e2e',
  'bench',
  'tools',
];

interface ProjectResult {
  project: string;
  code: number;
  output: string;
}

function typecheck(project: string): Promise<ProjectResult> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', 'tsc', '-p', project, '--noEmit'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ project, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ project, code: code ?? 1, output }));
  });
}

async function main(): Promise<void> {
  const queue = [...TYPECHECK_PROJECTS];
  const failed: string[] = [];
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const started = Date.now();
      const result = await typecheck(project);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${result.code === 0 ? 'ok' : 'errors'} (${seconds} s)\n`);
      if (result.output.trim()) process.stdout.write(result.output);
      if (result.code !== 0) failed.push(project);
    }
  };
  const workers = Math.max(1, Math.min(availableParallelism(), TYPECHECK_PROJECTS.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failed.length > 0) {
    process.stderr.write(`typecheck failed in ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

await main();
