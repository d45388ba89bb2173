import { checkModuleBoundaries, reportModuleBoundaries } from './module-boundaries';

/**
 * `npm run lint:boundaries`: exits non-zero on a module-boundary violation or a cycle between
 * modules (module-boundaries.ts). `--report` prints the measurements as Markdown instead and exits
 * zero, for closing notes.
 */
if (process.argv.includes('--report')) {
  process.stdout.write(await reportModuleBoundaries());
} else {
  const check = await checkModuleBoundaries();
  process.stdout.write(check.output);
  if (!check.ok) process.exitCode = 1;
}
