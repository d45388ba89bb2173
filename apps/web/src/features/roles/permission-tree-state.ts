import type { PermissionGroup } from '@homeward/contracts';

/**
 * The checkbox rules of the grant dialog. A child counts only together with its parent (contracts
 * `effectivePermissions`), so checking a child checks its ancestors, and unchecking a parent
 * unchecks its descendants. Checking a parent checks its whole subtree, the usual quick way to give
 * an area completely.
 */
export interface PermissionTree {
  parentOf: Map<string, string>;
  childrenOf: Map<string, string[]>;
  all: string[];
}

export function buildPermissionTree(groups: PermissionGroup[]): PermissionTree {
  const parentOf = new Map<string, string>();
  const childrenOf = new Map<string, string[]>();
  const all: string[] = [];
  for (const group of groups) {
    for (const permission of group.permissions) {
      all.push(permission.name);
      if (!permission.parentName) continue;
      parentOf.set(permission.name, permission.parentName);
      childrenOf.set(permission.parentName, [
        ...(childrenOf.get(permission.parentName) ?? []),
        permission.name,
      ]);
    }
  }
  return { parentOf, childrenOf, all };
}

function descendantsOf(tree: PermissionTree, name: string): string[] {
  return (tree.childrenOf.get(name) ?? []).flatMap((child) => [child, ...descendantsOf(tree, child)]);
}

/** The granted set after the user (un)checks `name`. */
export function togglePermission(
  tree: PermissionTree,
  granted: ReadonlySet<string>,
  name: string,
  checked: boolean,
): Set<string> {
  const next = new Set(granted);
  const subtree = [name, ...descendantsOf(tree, name)];
  if (checked) {
    subtree.forEach((item) => next.add(item));
    for (let parent = tree.parentOf.get(name); parent; parent = tree.parentOf.get(parent)) next.add(parent);
  } else {
    subtree.forEach((item) => next.delete(item));
  }
  return next;
}

/** Every permission granted, or none. */
export function toggleAllPermissions(tree: PermissionTree, checked: boolean): Set<string> {
  return new Set(checked ? tree.all : []);
}

/** Which permissions changed, in catalogue order, as the PUT body lists them. */
export function changedGrants(
  tree: PermissionTree,
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
): { name: string; isGranted: boolean }[] {
  return tree.all
    .filter((name) => before.has(name) !== after.has(name))
    .map((name) => ({ name, isGranted: after.has(name) }));
}
