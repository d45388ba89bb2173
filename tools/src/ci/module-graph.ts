/**
 * The server's import graph one level up: every file of `apps/server/src` collapsed to the part it
 * belongs to (a feature module, platform, or the composition root), so the boundary check can see
 * cycles between modules that no single file-level cycle shows.
 */

/** Where the server's sources start; paths are as dependency-cruiser reports them (repo-relative). */
export const SERVER_SOURCE = 'apps/server/src/';

/**
 * Test code may reach any module's internals and is left out of the module graph: tests, their
 * support files and fixtures, the isolation cases, and everything under `src/test/`. Platform's
 * test code is the exception: like platform, it imports no module (`.dependency-cruiser.cjs`).
 * Keep this in step with `TEST_CODE` in `.dependency-cruiser.cjs`.
 */
export const TEST_CODE = new RegExp(
  '(\\.test|[-.]test-support|test-helpers|\\.isolation|\\.fixture|-test-client|-test-callers)\\.ts$|^apps/server/src/test/',
);

/**
 * A module's tables (`modules/<name>/*.schema.ts`): its second public entry beside `index.ts`. The
 * database is one schema whose foreign keys run both ways between features (a tenant's owner is a
 * user, a user belongs to a tenant; a watch is worn by a citizen, a citizen wears a watch), so table
 * definitions and the queries that join them name other modules' tables directly. Such a reference
 * is data, not a call into the other module: the module-level cycle check leaves it out (`--report`
 * still lists the cycles it forms).
 */
export const TABLES = /\.schema\.ts$/;

/** One import between two files, as dependency-cruiser resolved it. */
export interface FileImport {
  from: string;
  to: string;
  /** True when every import of `to` in `from` is `import type` (erased at run time). */
  typeOnly: boolean;
}

/**
 * The part of the server a file belongs to: `modules/<name>` for a feature module (a file directly
 * in `modules/` is its own part), `platform` for all infrastructure, `root` for the composition
 * root (`app.ts`, `main.ts`, the schema and seed aggregates); undefined outside the server.
 */
export function serverPartOf(path: string): string | undefined {
  if (!path.startsWith(SERVER_SOURCE)) return undefined;
  const inner = path.slice(SERVER_SOURCE.length);
  const feature = /^modules\/([^/]+)(\/|$)/.exec(inner);
  if (feature) return `modules/${feature[1]}`;
  if (inner.startsWith('platform/')) return 'platform';
  return 'root';
}

/** Imports from platform files into feature modules, the direction the boundary forbids. */
export function platformImportsIntoModules(imports: FileImport[]): FileImport[] {
  return imports.filter(
    (edge) => serverPartOf(edge.from) === 'platform' && serverPartOf(edge.to)?.startsWith('modules/'),
  );
}

/**
 * The part-level graph of non-test code: for each part, the parts it imports, with one file import
 * as evidence. References to another part's tables count only when `withTables` is set.
 */
export function partGraph(imports: FileImport[], withTables = false): Map<string, Map<string, FileImport>> {
  const graph = new Map<string, Map<string, FileImport>>();
  for (const edge of imports) {
    if (TEST_CODE.test(edge.from) || TEST_CODE.test(edge.to)) continue;
    const from = serverPartOf(edge.from);
    const to = serverPartOf(edge.to);
    if (!from || !to) continue;
    if (!withTables && TABLES.test(edge.to) && to.startsWith('modules/')) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.has(to)) graph.set(to, new Map());
    if (from !== to && !graph.get(from)!.has(to)) graph.get(from)!.set(to, edge);
  }
  return graph;
}

/**
 * The strongly connected components with more than one part (Tarjan): each is a set of parts that
 * reach one another through imports, that is, a module-level cycle. Sorted for stable output.
 */
export function partCycles(graph: Map<string, Map<string, unknown>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The imports inside one cycle between its parts, one file import per pair of parts: what to cut
 * to break it.
 */
export function cycleEdges(graph: Map<string, Map<string, FileImport>>, cycle: string[]): FileImport[] {
  const members = new Set(cycle);
  return cycle.flatMap((from) =>
    [...(graph.get(from) ?? new Map<string, FileImport>()).entries()]
      .filter(([to]) => members.has(to))
      .map(([, edge]) => edge),
  );
}
