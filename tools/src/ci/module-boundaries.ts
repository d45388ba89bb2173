import { fileURLToPath } from 'node:url';
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import type { ICruiseResult } from 'dependency-cruiser';
import {
  cycleEdges,
  partCycles,
  partGraph,
  platformImportsIntoModules,
  TEST_CODE,
  type FileImport,
} from './module-graph';

/**
 * The server's module boundaries (`npm run lint:boundaries`, part of `npm run lint`): the rules of
 * `.dependency-cruiser.cjs` (platform imports no module, not even from its tests; public entries
 * only; no file cycle that leaves its module) and then the cycles between modules, which
 * dependency-cruiser's file-level `circular` cannot see. The command is check-module-boundaries.ts.
 */
const CONFIG = fileURLToPath(new URL('../../../.dependency-cruiser.cjs', import.meta.url));
const SOURCES = ['apps/server/src'];

/** Every import between the server's files; `baseDir` is the repository (a fixture in tests). */
async function cruiseServer(baseDir: string): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const cruised = await cruise(SOURCES, { ...options, baseDir, validate: true, outputType: 'json' });
  return JSON.parse(cruised.output as string) as ICruiseResult;
}

function fileImports(result: ICruiseResult): FileImport[] {
  return result.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => !dependency.couldNotResolve && dependency.resolved.startsWith('apps/'))
      .map((dependency) => ({
        from: module.source,
        to: dependency.resolved,
        typeOnly: dependency.dependencyTypes.includes('type-only'),
      })),
  );
}

function edgeLine(edge: FileImport): string {
  return `${edge.from} → ${edge.to}${edge.typeOnly ? ' (type only)' : ''}${TEST_CODE.test(edge.from) ? ' (test code)' : ''}`;
}

function cycleLines(imports: FileImport[], withTables = false): string[] {
  const graph = partGraph(imports, withTables);
  return partCycles(graph).flatMap((cycle, index) => [
    `${index + 1}. ${cycle.join(', ')}`,
    ...cycleEdges(graph, cycle).map((edge) => `   - ${edgeLine(edge)}`),
  ]);
}

function cycleSection(title: string, imports: FileImport[], withTables = false): string[] {
  const count = partCycles(partGraph(imports, withTables)).length;
  return [`## ${title}: ${count}`, '', ...cycleLines(imports, withTables), ''];
}

function report(imports: FileImport[]): string {
  const intoModules = platformImportsIntoModules(imports);
  const inNonTest = intoModules.filter((edge) => !TEST_CODE.test(edge.from));
  const runtime = imports.filter((edge) => !edge.typeOnly);
  return [
    `## Imports from platform/ into modules/: ${intoModules.length} (${inNonTest.length} outside test code)`,
    '',
    ...intoModules.map((edge) => `- ${edgeLine(edge)}`),
    '',
    'Module-level cycles: each file collapsed to modules/<name>, platform/ as one node, the rest of',
    'src/ as root; test code left out; each entry is one strongly connected component, with one',
    'import per pair of its members.',
    '',
    ...cycleSection('Module-level cycles (what lint forbids: code imports, type imports included)', imports),
    ...cycleSection('The same, run-time imports only', runtime),
    ...cycleSection("Module-level cycles counting references to other modules' tables too", imports, true),
  ].join('\n');
}

export interface BoundaryCheck {
  ok: boolean;
  /** The violations and module-level cycles, one per line, or a one-line summary when ok. */
  output: string;
}

/** Runs the rules and the module-level cycle check over the server's sources under `baseDir`. */
export async function checkModuleBoundaries(baseDir = process.cwd()): Promise<BoundaryCheck> {
  const result = await cruiseServer(baseDir);
  const ruleViolations = result.summary.error > 0;
  const cycles = cycleLines(fileImports(result));
  const output: string[] = [];
  if (ruleViolations) output.push((await format(result, { outputType: 'err' })).output as string);
  if (cycles.length > 0)
    output.push(`Module-level import cycles (files collapsed to modules/<name>):`, ...cycles);
  if (ruleViolations || cycles.length > 0) return { ok: false, output: `${output.join('\n')}\n` };
  const { totalCruised, totalDependenciesCruised } = result.summary;
  return {
    ok: true,
    output: `module boundaries: ok (${totalCruised} files, ${totalDependenciesCruised} imports)\n`,
  };
}

/** The measurements as Markdown (imports from platform into modules, module-level cycles). */
export async function reportModuleBoundaries(baseDir = process.cwd()): Promise<string> {
  return report(fileImports(await cruiseServer(baseDir)));
}
