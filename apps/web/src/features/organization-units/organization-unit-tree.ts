import type { OrganizationUnit } from '@homeward/contracts';

/** A unit with its children, for drawing the tree. */
export interface OrganizationUnitNode {
  unit: OrganizationUnit;
  children: OrganizationUnitNode[];
}

/** Nests the flat list the API sends (ordered by code, so parents come first). */
export function buildOrganizationUnitTree(units: OrganizationUnit[]): OrganizationUnitNode[] {
  const nodes = new Map(units.map((unit) => [unit.id, { unit, children: [] as OrganizationUnitNode[] }]));
  const roots: OrganizationUnitNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.unit.parentId ? nodes.get(node.unit.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The unit and everything below it: places a unit cannot be moved into. */
export function subtreeIds(units: OrganizationUnit[], id: string): Set<string> {
  const ids = new Set([id]);
  // Codes are materialised paths, so a descendant's code starts with the unit's code and a dot.
  const code = units.find((unit) => unit.id === id)?.code;
  if (code) units.filter((unit) => unit.code.startsWith(`${code}.`)).forEach((unit) => ids.add(unit.id));
  return ids;
}

/** Depth in the tree, from the code's segments; for indenting pickers. */
export function depthOf(unit: OrganizationUnit): number {
  return unit.code.split('.').length - 1;
}
