import { describe, expect, it } from 'vitest';
import type { PermissionGroup } from '@homeward/contracts';
import {
  buildPermissionTree,
  changedGrants,
  toggleAllPermissions,
  togglePermission,
} from './permission-tree-state';

const grant = (name: string, parentName: string | null) => ({
  name,
  displayKey: `permissions:${name}`,
  parentName,
  isGranted: false,
  grantedProviders: [],
});
const groups: PermissionGroup[] = [
  {
    name: 'A',
    displayKey: 'permissions:A',
    permissions: [grant('A', null), grant('A.X', 'A'), grant('A.X.Deep', 'A.X'), grant('A.Y', 'A')],
  },
  { name: 'B', displayKey: 'permissions:B', permissions: [grant('B', null)] },
];
const tree = buildPermissionTree(groups);
const sorted = (set: Set<string>) => [...set].sort();

describe('permission tree state', () => {
  it('checks every ancestor with a child', () => {
    expect(sorted(togglePermission(tree, new Set(), 'A.X.Deep', true))).toEqual(['A', 'A.X', 'A.X.Deep']);
  });

  it('checks the whole subtree with a parent and unchecks it again', () => {
    const all = togglePermission(tree, new Set(['B']), 'A', true);
    expect(sorted(all)).toEqual(['A', 'A.X', 'A.X.Deep', 'A.Y', 'B']);
    expect(sorted(togglePermission(tree, all, 'A.X', false))).toEqual(['A', 'A.Y', 'B']);
    expect(sorted(togglePermission(tree, all, 'A', false))).toEqual(['B']);
  });

  it('selects all and none', () => {
    expect(sorted(toggleAllPermissions(tree, true))).toEqual(['A', 'A.X', 'A.X.Deep', 'A.Y', 'B']);
    expect(toggleAllPermissions(tree, false).size).toBe(0);
  });

  it('lists only the changes, in catalogue order', () => {
    expect(changedGrants(tree, new Set(['A', 'B']), new Set(['A', 'A.Y']))).toEqual([
      { name: 'A.Y', isGranted: true },
      { name: 'B', isGranted: false },
    ]);
  });
});
