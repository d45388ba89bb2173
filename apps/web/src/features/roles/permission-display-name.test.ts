import { describe, expect, it } from 'vitest';
import { PERMISSION_TREE, type PermissionNode } from '@homeward/contracts';
import { createTestI18n } from '../../components/crud/crud-test-harness';
import { permissionDisplayName } from './permission-display-name';

const nodes = PERMISSION_TREE.flatMap(function all(node: PermissionNode): PermissionNode[] {
  return [node, ...(node.children ?? []).flatMap(all)];
});

describe('permissionDisplayName', () => {
  it.each(['en', 'da'])('has a text for every permission of the catalogue in %s', async (language) => {
    const i18n = await createTestI18n(language);
    const missing = nodes.filter((node) => !i18n.exists(node.displayKey, { keySeparator: false }));
    expect(missing.map((node) => node.displayKey)).toEqual([]);
  });

  it('gives a parent and its dotted children their own texts', async () => {
    const i18n = await createTestI18n('da');
    expect(permissionDisplayName(i18n.t, 'permissions:Devices')).toBe('Enheder');
    expect(permissionDisplayName(i18n.t, 'permissions:Devices.Create')).toBe('Opret');
    expect(permissionDisplayName(i18n.t, 'permissions:OrganizationUnits.ManageMembers')).toBe(
      'Administrer medlemmer',
    );
  });

  it('falls back to the key for a permission without text', async () => {
    const i18n = await createTestI18n('en');
    expect(permissionDisplayName(i18n.t, 'permissions:Unknown.Thing')).toBe('Unknown.Thing');
  });
});
