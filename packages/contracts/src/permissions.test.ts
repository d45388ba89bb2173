import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  effectivePermissions,
  isHostOnlyPermission,
  isKnownPermission,
} from './permissions';

describe('permission catalogue', () => {
  it('names every permission once under Homeward.', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS.every((name) => name.startsWith('Homeward.'))).toBe(true);
    expect(isKnownPermission('Homeward.Devices.Create')).toBe(true);
    expect(isKnownPermission('Homeward.Devices.Fly')).toBe(false);
  });

  it('grants a child only with its parent', () => {
    expect([...effectivePermissions(['Homeward.Devices.Create'], false)]).toEqual([]);
    expect([...effectivePermissions(['Homeward.Devices', 'Homeward.Devices.Create'], false)]).toEqual([
      'Homeward.Devices',
      'Homeward.Devices.Create',
    ]);
  });

  it('keeps host-only permissions from tenant users', () => {
    expect(isHostOnlyPermission('Homeward.Tenants.Filter')).toBe(true);
    const granted = ['Homeward.Tenants', 'Homeward.Tenants.Filter'];
    expect(effectivePermissions(granted, false).size).toBe(0);
    expect(effectivePermissions(granted, true).has('Homeward.Tenants.Filter')).toBe(true);
  });

  it('ignores unknown names', () => {
    expect(effectivePermissions(['Homeward.Nope'], true).size).toBe(0);
  });
});
